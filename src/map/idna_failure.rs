//! Why IDNA ToASCII failed on a host (3987bis 3.4: "the entire IRI conversion fails"), in words
//! and with the byte offset of the culprit in the host: the `idna` crate says only that it failed.
//! Each question is put to the crate itself, on the host without its DNS lengths (a long host a
//! piece at a time, `host::by_pieces`), on one label, on one code point, so that the answer cannot
//! disagree with the failure it explains.

use super::host::{by_pieces, crate_must_refuse, DOTS, MAX_HOST, PIECE};
use super::punycode::MAX_LABEL;
use super::MapError;
use crate::tables::{bidi_class, BidiClass};
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

/// The most labels, and code points of a label, that the diagnosis puts to the crate one by one,
/// so that a host of any length gets its answer in bounded time. A valid host has at most 127
/// labels, and a valid label at most 63 code points (but for those UTS #46 ignores, U+00AD and
/// the like, which a longer label would need by the hundred): past them, the length is the
/// reason.
const MAX_ASKED_LABELS: usize = 128;
const MAX_ASKED_POINTS: usize = 256;

/// A failure of IDNA on a host, to be explained when it is shown ([`Failure::explain`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    /// The text IDNA was given, when it is not the host: its percent-encoded octets decoded.
    decoded: Option<String>,
    /// Whether the DNS lengths were checked (ToASCII), or not (ToUnicode).
    dns_lengths: bool,
    /// Whether an offset in the text IDNA was given is one in the host the caller knows.
    offset: bool,
}

impl Failure {
    /// The reason, and the offset in the host of the code point or label it is about.
    pub(crate) fn explain(&self, host: &str) -> (String, Option<usize>) {
        let (reason, at) = diagnose(self.decoded.as_deref().unwrap_or(host), self.dns_lengths);
        (reason, at.filter(|_| self.offset))
    }

    /// Forgets the offset: the host is not the text the caller will place it in.
    pub(crate) fn without_offset(&mut self) {
        self.offset = false;
    }
}

/// The error of ToASCII failing on `host`, whose percent-encoded octets decode to `decoded`
/// (the text ToASCII was given): its offsets are in `decoded`, so only kept when the two are one.
pub(crate) fn to_ascii_failure(host: &str, decoded: &str) -> MapError {
    failure(host, decoded, true)
}

/// [`to_ascii_failure`] for ToUnicode (3987bis 5.3.3), which checks no DNS length.
pub(crate) fn to_unicode_failure(host: &str, decoded: &str) -> MapError {
    failure(host, decoded, false)
}

fn failure(host: &str, decoded: &str, dns_lengths: bool) -> MapError {
    let same = host == decoded;
    let failure = Failure {
        decoded: (!same).then(|| decoded.to_string()),
        dns_lengths,
        offset: same,
    };
    MapError::idna_failure(host, failure)
}

/// UTS #46 ToASCII with the options of src/map/host.rs.
fn to_ascii(s: &str, length: DnsLength) -> Option<String> {
    if crate_must_refuse(s, false) {
        return None;
    }
    Uts46::new()
        .to_ascii(s.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow, length)
        .ok()
        .map(|a| a.into_owned())
}

/// Why ToASCII (ToUnicode, without `dns_lengths`) fails on `host`, and the byte offset of what
/// it is about.
fn diagnose(host: &str, dns_lengths: bool) -> (String, Option<usize>) {
    // Valid but for the DNS lengths: an empty label, a label or the host too long.
    if let Some(reason) = lengths(host) {
        if dns_lengths {
            return reason;
        }
        return ("ToUnicode failed (UTS #46 4)".into(), None);
    }
    // More labels than a host of 253 octets holds (each one an octet and a dot at the least).
    let count = host.split(DOTS).count();
    if count > MAX_ASKED_LABELS {
        let reason =
            format!("{count} labels, more than a host of {MAX_HOST} octets holds (RFC 1034 3.1)");
        return (reason, None);
    }
    let labels = labels(host);
    // A label that fails by itself: a code point, or the label's own rules.
    for &(at, label) in &labels {
        if to_ascii(label, DnsLength::Ignore).is_none() {
            return label_failure(at, label);
        }
    }
    // Each label passes alone: then, beside the right-to-left labels of the host, one breaks the
    // bidi rule (UTS #46 4.1 step 8 applies it to every label of a bidi domain name).
    for &(at, label) in &labels {
        if to_ascii(&format!("{label}.\u{05D0}"), DnsLength::Ignore).is_none() {
            let reason = format!(
                "the label {} breaks the bidi rule of RFC 5893 2, which every label of a domain \
                 name with right-to-left characters must keep (UTS #46 4.1 step 8)",
                shown(label)
            );
            return (reason, Some(at));
        }
    }
    ("ToASCII failed (UTS #46 4)".into(), None)
}

/// The labels of `host` and their offsets.
fn labels(host: &str) -> Vec<(usize, &str)> {
    offset_labels(host).collect()
}

/// The labels of `host` (RFC 3490 3.1) and their offsets.
fn offset_labels(host: &str) -> impl Iterator<Item = (usize, &str)> {
    host.split(DOTS)
        .map(move |label| (label.as_ptr() as usize - host.as_ptr() as usize, label))
}

/// Which DNS length the ToASCII form of `host` breaks, when ToASCII without the DNS lengths
/// passes on it (`None` when it fails): each label of that form read with the label of `host` in
/// the same place, as they come, a long host's a piece at a time ([`by_pieces`]).
fn lengths(host: &str) -> Option<(String, Option<usize>)> {
    let count = host.split(DOTS).count();
    let mut labels = offset_labels(host).enumerate();
    // The first length broken, in the order of the labels; the octets of the ToASCII form (dots
    // included), its labels, and whether the last was empty (a root dot).
    let mut found = None;
    let (mut octets, mut aces, mut root) = (0, 0, false);
    let mut ace_label = |ace: &str| {
        if let Some((k, (at, label))) = labels.next() {
            if found.is_none() {
                found = broken_length(k, at, label, count, Some(ace.len()));
            }
        }
        octets += ace.len() + usize::from(aces > 0);
        aces += 1;
        root = ace.is_empty();
    };
    if host.len() <= PIECE {
        to_ascii(host, DnsLength::Ignore)?
            .split('.')
            .for_each(&mut ace_label);
    } else if !by_pieces(
        host,
        |s| to_ascii(s, DnsLength::Ignore),
        |piece| piece.split('.').for_each(&mut ace_label),
    ) {
        return None;
    }
    // Labels of `host` past those of its ToASCII form: only an empty one is found.
    for (k, (at, label)) in labels {
        if found.is_none() {
            found = broken_length(k, at, label, count, None);
        }
    }
    // A trailing root dot is not counted.
    let octets = octets - usize::from(root && aces > 1);
    Some(found.unwrap_or_else(|| {
        (
            format!("{octets} octets after ToASCII; DNS allows {MAX_HOST} (RFC 1034 3.1)"),
            None,
        )
    }))
}

/// The DNS length that the label `label` of a host of `count` labels, the `k`-th at `at`, breaks
/// with the ToASCII form of `ace` octets, if any.
fn broken_length(
    k: usize,
    at: usize,
    label: &str,
    count: usize,
    ace: Option<usize>,
) -> Option<(String, Option<usize>)> {
    // A trailing root dot makes the one empty label allowed.
    let root = k > 0 && k + 1 == count;
    if label.is_empty() && !root {
        return Some(("an empty label (RFC 1034 3.1)".into(), Some(at)));
    }
    // A label of code points UTS #46 maps to nothing (U+200B, U+00AD) is empty once mapped.
    if ace == Some(0) && !root {
        let reason = format!(
            "the label {} is empty after ToASCII, which maps its code points to nothing \
             (UTS #46 5; an empty label, RFC 1034 3.1)",
            shown(label)
        );
        return Some((reason, Some(at)));
    }
    let octets = ace.filter(|&a| a > MAX_LABEL)?;
    let reason = format!(
        "the label {} is {octets} octets long after ToASCII; DNS allows {MAX_LABEL} (RFC 3490 \
         4.1 step 8)",
        shown(label),
    );
    Some((reason, Some(at)))
}

/// Why the label `label`, at `at`, fails ToASCII by itself.
fn label_failure(at: usize, label: &str) -> (String, Option<usize>) {
    for (i, c) in label.char_indices().take(MAX_ASKED_POINTS) {
        if disallowed(c) {
            let reason = format!(
                "{} is not allowed in a domain name (UTS #46 5: disallowed)",
                code_point(c)
            );
            return (reason, Some(at + i));
        }
    }
    // A joiner out of the contexts RFC 5892 allows it in: the label passes without it.
    for (i, c) in label.char_indices().take(MAX_ASKED_POINTS) {
        if let Some(name) = joiner(c) {
            let without = format!("{}{}", &label[..i], &label[i + c.len_utf8()..]);
            if to_ascii(&without, DnsLength::Ignore).is_some() {
                let reason = format!(
                    "U+{:04X} {name} is allowed only where RFC 5892 A.1 and A.2 allow it \
                     (CONTEXTJ, UTS #46 4.1 step 7)",
                    c as u32
                );
                return (reason, Some(at + i));
            }
        }
    }
    let points = label.chars().count();
    if points > MAX_ASKED_POINTS {
        let reason = format!(
            "the label {} has {points} code points, more than a label holds after ToASCII \
             ({MAX_LABEL} octets, RFC 3490 4.1 step 8)",
            shown(label)
        );
        return (reason, Some(at));
    }
    // The label from its first code point that UTS #46 does not ignore (map to nothing, as
    // U+FE0F).
    let kept = label.trim_start_matches(ignored);
    let first = kept.chars().next();
    if first.is_some_and(unicode_normalization::char::is_combining_mark) {
        let reason = format!(
            "the label {} starts with the combining mark {} (UTS #46 4.1, criterion 6)",
            shown(label),
            code_point(first.unwrap_or_default())
        );
        return (reason, Some(at));
    }
    if kept
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
    {
        let reason = format!(
            "the ACE label {} is not the Punycode of a valid label (UTS #46 4.1 step 4)",
            shown(label)
        );
        return (reason, Some(at));
    }
    let reason = if label
        .chars()
        .any(|c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL | BidiClass::AN))
    {
        format!(
            "the label {} breaks the bidi rule of RFC 5893 2 (UTS #46 4.1 step 8)",
            shown(label)
        )
    } else {
        format!(
            "the label {} breaks a validity criterion of UTS #46 4.1",
            shown(label)
        )
    };
    (reason, Some(at))
}

/// `label` quoted for a message, its first 63 characters when it is longer.
fn shown(label: &str) -> String {
    shown_at_most(label, MAX_LABEL)
}

/// `text` quoted for a message, its first `max` characters and "..." when it is longer: a
/// message about a host of millions of characters need not repeat them.
pub(crate) fn shown_at_most(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{:?}...", &text[..end]),
        None => format!("{text:?}"),
    }
}

/// The name of ZWNJ and ZWJ, the code points of CONTEXTJ.
fn joiner(c: char) -> Option<&'static str> {
    match c {
        '\u{200C}' => Some("ZERO WIDTH NON-JOINER"),
        '\u{200D}' => Some("ZERO WIDTH JOINER"),
        _ => None,
    }
}

/// Whether UTS #46 maps `c` to nothing (U+00AD, U+034F, the variation selectors).
fn ignored(c: char) -> bool {
    to_ascii(&format!("a{c}b"), DnsLength::Ignore).as_deref() == Some("ab")
}

/// Whether UTS #46 refuses `c` wherever it stands: alone, between Latin letters, after an Arabic
/// letter and between two (where a mark, a digit of either kind, a right-to-left letter and a
/// neutral are each valid somewhere). Not a joiner, which is valid after a virama (CONTEXTJ).
pub(crate) fn disallowed(c: char) -> bool {
    joiner(c).is_none()
        && [
            c.to_string(),
            format!("a{c}a"),
            format!("\u{0627}{c}"),
            format!("\u{0627}{c}\u{0627}"),
        ]
        .iter()
        .all(|s| to_ascii(s, DnsLength::Ignore).is_none())
}

/// `c` as "U+XXXX", with the character when it shows by itself.
fn code_point(c: char) -> String {
    if c.is_control() || c.is_whitespace() || unicode_normalization::char::is_combining_mark(c) {
        format!("U+{:04X}", c as u32)
    } else {
        format!("U+{:04X} ({c})", c as u32)
    }
}
