//! The host of 3987bis 3.4 (IRI to URI) and 3.7 step 6 (URI to IRI): IDNA ToASCII and ToUnicode,
//! label by label, with the `idna` crate.
//!
//! 3.4 asks for RFC 3490 ToASCII with UseSTD3ASCIIRules=false and AllowUnassigned=false. The
//! `idna` crate implements UTS #46, the successor that browsers use; its closest match is
//! non-transitional processing with `AsciiDenyList::EMPTY` (UseSTD3ASCIIRules=false),
//! `Hyphens::Allow`, and DNS lengths checked (a label of 1 to 63 octets, as RFC 3490 ToASCII
//! checks; a trailing root dot allowed).

use super::host_points::{self, AsciiClasses, HostPoints};
use super::idna_failure;
use super::pct::decode_all;
use super::punycode::{self, Label, MAX_LABEL};
use super::MapError;
use crate::tables::{
    ascii, class, code_point_class, idna_class_of, idna_mapped_of, CodePointClass, IdnaClass,
};
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use std::borrow::Cow;
use std::collections::HashMap;
use unicode_normalization::{is_nfc_quick, IsNormalized};

/// The label separators of RFC 3490 3.1 (and of UTS #46, which maps the three others to ".").
pub(crate) const DOTS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// The most octets a host may have after ToASCII, without its root dot (RFC 1034 3.1, as UTS #46
/// VerifyDnsLength checks it).
pub(crate) const MAX_HOST: usize = 253;

/// How the `ireg-name` of an IRI is mapped to a URI (3987bis 3.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostMapping {
    /// From the scheme table (`data/schemes.csv`): percent-encoding where it says the host is not
    /// a DNS name, IDNA otherwise (unknown schemes and references without a scheme included:
    /// 3987bis 3.2 means all schemes of the generic syntax to use IDNA for non-ASCII hosts).
    #[default]
    Auto,
    /// IDNA ToASCII, label by label.
    Idna,
    /// UTF-8 and percent-encoding, as for the other components (3.3). For hosts that are not DNS
    /// names only: 3.4 says this MUST NOT be done for DNS names.
    PercentEncode,
}

impl HostMapping {
    /// Every mapping, in the order of the command line's `--host` values.
    pub const ALL: [HostMapping; 3] = [
        HostMapping::Auto,
        HostMapping::Idna,
        HostMapping::PercentEncode,
    ];

    /// The name the command line, `Display` and `FromStr` use: `auto`, `idna`, `percent`.
    ///
    /// ```
    /// use iriscan::map::HostMapping;
    /// assert_eq!("percent".parse::<HostMapping>(), Ok(HostMapping::PercentEncode));
    /// assert_eq!(HostMapping::Idna.to_string(), "idna");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            HostMapping::Auto => "auto",
            HostMapping::Idna => "idna",
            HostMapping::PercentEncode => "percent",
        }
    }

    /// Whether the host of an IRI with this scheme is mapped with IDNA.
    pub(crate) fn idna_for(self, scheme: Option<&str>) -> bool {
        match self {
            HostMapping::Idna => true,
            HostMapping::PercentEncode => false,
            HostMapping::Auto => is_dns_host(scheme),
        }
    }
}

crate::names::named!(HostMapping, "host mapping");

/// Whether the host of an IRI with this scheme is a DNS name: what the scheme table says, and
/// yes for schemes it does not know and for references without a scheme.
pub(crate) fn is_dns_host(scheme: Option<&str>) -> bool {
    match scheme {
        // The schemes of most IRIs, in the case most have, answered without the table's
        // lowercasing and lookup (the table says the same: `http_is_a_dns_host`).
        Some("http" | "https") => true,
        _ => is_dns_host_of(scheme.and_then(crate::scheme_info)),
    }
}

/// [`is_dns_host`] from what the scheme table says of the scheme (`None`: it says nothing).
pub(crate) fn is_dns_host_of(info: Option<&crate::SchemeInfo>) -> bool {
    info.is_none_or(|info| info.dns_host)
}

/// Appends the URI form of the `ireg-name` `host` (3987bis 3.4) for IDNA: an ASCII host as it
/// is, percent-encodings included (3.3: the mapping is the identity on URIs; the draft's open
/// design question, `r%C3%A9sum%C3%A9.example.org`, is answered so); a host with non-ASCII
/// characters through ToASCII, after decoding the percent-encoded UTF-8 it may also hold. The
/// result is checked to be an `ireg-name` of a URI (UTS #46 maps some characters to ASCII that
/// a host may not hold, such as U+FF0F to "/").
pub(crate) fn push_idna(out: &mut Vec<u8>, host: &str) -> Result<(), MapError> {
    if host.is_ascii() {
        out.extend_from_slice(host.as_bytes());
        return Ok(());
    }
    push_idna_non_ascii(out, host)
}

/// [`push_idna`] for a `host` known to hold a non-ASCII character.
pub(crate) fn push_idna_non_ascii(out: &mut Vec<u8>, host: &str) -> Result<(), MapError> {
    debug_assert!(!host.is_ascii());
    if push_idna_fast(out, host) {
        return Ok(());
    }
    push_idna_checked(out, host)
}

/// [`crate::internals::push_host_to_ascii`].
#[cfg(feature = "internals")]
pub(crate) fn push_host_to_ascii(
    out: &mut Vec<u8>,
    host: &str,
    fast_only: bool,
) -> Result<bool, MapError> {
    if fast_only {
        return Ok(!host.is_ascii() && push_idna_fast(out, host));
    }
    push_idna(out, host).map(|()| true)
}

/// [`push_idna`] without its fast path: every non-ASCII host through the `idna` crate.
pub(crate) fn push_idna_checked(out: &mut Vec<u8>, host: &str) -> Result<(), MapError> {
    if host.is_ascii() {
        out.extend_from_slice(host.as_bytes());
        return Ok(());
    }
    let decoded = decode_host(host)?;
    if crate_must_refuse(&decoded, true) {
        return Err(idna_failure::to_ascii_failure(host, &decoded));
    }
    let mapped = Uts46::new()
        .to_ascii(
            decoded.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::VerifyAllowRootDot,
        )
        .map_err(|_| idna_failure::to_ascii_failure(host, &decoded))?;
    let mapped = keep_ascii_labels(&decoded, &mapped);
    if let Some(c) = mapped.bytes().find(|&c| ascii(c) & class::REG_NAME == 0) {
        return Err(MapError::idna(
            host,
            format!("ToASCII gives {:?}, not allowed in a host", c as char),
        ));
    }
    out.extend_from_slice(mapped.as_bytes());
    Ok(())
}

/// The most code points of a label with a non-ASCII one that the `idna` crate takes, in ToASCII
/// and ToUnicode alike (its `PUNYCODE_ENCODE_MAX_INPUT_LENGTH`, after ICU: Punycode encoding
/// takes time quadratic in the label, WHATWG URL issue 824).
const PUNYCODE_LIMIT: usize = 1000;

/// Whether the `idna` crate must refuse `s` (UTS #46 ToUnicode, or ToASCII without its DNS
/// lengths; with `dns_lengths`, ToASCII with them), decided without giving it `s`, whose buffers
/// grow with a long host: `s` holds a code point UTS #46 refuses wherever it stands, or a label
/// of more than [`PUNYCODE_LIMIT`] code points one of which is non-ASCII, or (with `dns_lengths`)
/// more than the 253 octets and a root dot of RFC 1034 3.1. Counted from below, a code point at a
/// time ([`PointBound`]), so that `false` means only "not known to fail".
pub(crate) fn crate_must_refuse(s: &str, dns_lengths: bool) -> bool {
    let shortest = if dns_lengths {
        MAX_HOST + 1
    } else {
        PUNYCODE_LIMIT
    };
    if s.len() <= shortest {
        return false;
    }
    let mut unclassed = HashMap::new();
    // Octets of the whole (each code point of the result gives one at the least: Punycode, RFC
    // 3492 6.3, writes one for every code point of a label); code points of the current label,
    // and whether one is non-ASCII.
    let (mut octets, mut points, mut wide) = (0, 0, false);
    for c in s.chars() {
        let bound = point_bound(c, &mut unclassed);
        if bound.refused {
            return true;
        }
        octets += bound.points;
        if bound.ends_label {
            (points, wide) = (0, false);
        } else {
            points += bound.points;
            wide |= bound.wide;
        }
        if (dns_lengths && octets > MAX_HOST + 1) || (wide && points > PUNYCODE_LIMIT) {
            return true;
        }
    }
    false
}

/// What UTS #46 makes of one code point wherever it stands, as far as [`crate_must_refuse`]
/// counts: UTS #46 4 maps each code point alone, then normalizes to NFC, which may compose a code
/// point into the one before it, but not one of NFC_Quick_Check Yes (a starter, which stays one
/// code point, composed or not).
#[derive(Clone, Copy, Default)]
struct PointBound {
    /// How many code points of the result it gives that NFC keeps (the dots included).
    points: usize,
    /// Whether one of them is non-ASCII (a composition keeps it non-ASCII).
    wide: bool,
    /// Whether it is, or maps to, a dot, or may for all that is known: a label ends there.
    ends_label: bool,
    /// Whether UTS #46 refuses it wherever it stands.
    refused: bool,
}

/// The [`PointBound`] of `c`: from the fast path's table when it classes `c` (build/idna.rs: it
/// maps to itself or to one other code point, the class bits those of the result), else from the
/// `idna` crate's ToUnicode of `c` alone, kept in `unclassed`.
fn point_bound(c: char, unclassed: &mut HashMap<char, PointBound>) -> PointBound {
    if c.is_ascii() {
        return PointBound {
            points: 1,
            ends_label: c == '.',
            ..PointBound::default()
        };
    }
    let class = idna_class_of(c as u32).bits();
    if class == 0 {
        return *unclassed.entry(c).or_insert_with(|| unclassed_bound(c));
    }
    let target = if class & IdnaClass::MAPPED != 0 {
        idna_mapped_of(c as u32)
    } else {
        c as u32
    };
    let kept = class & IdnaClass::MAYBE == 0;
    PointBound {
        points: usize::from(kept),
        wide: kept && target >= 0x80,
        ..PointBound::default()
    }
}

/// The [`PointBound`] of a code point the table does not class, by the `idna` crate. When
/// ToUnicode of `c` alone fails (a mark cannot start a label, a joiner needs its context), what
/// `c` maps to is not known: it may end a label; and it is refused when it fails in every
/// context (`idna_failure::disallowed`).
fn unclassed_bound(c: char) -> PointBound {
    let mut utf8 = [0; 4];
    let (out, result) = Uts46::new().to_unicode(
        c.encode_utf8(&mut utf8).as_bytes(),
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
    );
    if result.is_err() {
        return PointBound {
            ends_label: true,
            refused: idna_failure::disallowed(c),
            ..PointBound::default()
        };
    }
    let mut bound = PointBound::default();
    for o in out.chars() {
        if is_nfc_quick(std::iter::once(o)) == IsNormalized::Yes {
            bound.points += 1;
            bound.wide |= !o.is_ascii();
        }
        bound.ends_label |= o == '.';
    }
    bound
}

/// The hosts longer than this many bytes go to the `idna` crate a piece at a time
/// ([`by_pieces`]), each about this long.
pub(crate) const PIECE: usize = 1024;

/// UTS #46 processing of `host`, `run` (ToASCII or ToUnicode by the `idna` crate, its output or
/// `None` when it fails), a piece at a time: `host` cut at ASCII dots into pieces of whole
/// labels, each given to `run` and its output to `each`, in order (joined by dots, they are the
/// output of `run` on `host`). Returns whether `run` passes on the whole host. UTS #46 4 maps each
/// code point alone, normalizes to NFC (which joins nothing across a dot), and applies the rules
/// of 4.1 to each label alone but for the bidi rule (step 8), which applies to every label of a
/// domain name that holds an R, AL or AN character: a piece is such a name when a label "1a"
/// after it fails (its first character is EN), and then every piece must pass with a label
/// "א" after it, which makes it one.
pub(crate) fn by_pieces(
    host: &str,
    mut run: impl FnMut(&str) -> Option<String>,
    mut each: impl FnMut(&str),
) -> bool {
    let pieces = || {
        let mut rest = host;
        std::iter::from_fn(move || {
            if rest.is_empty() {
                return None;
            }
            // The first dot past `PIECE` bytes, but not the last byte (the root dot).
            let b = rest.as_bytes();
            let cut = b
                .get(PIECE..b.len().saturating_sub(1))
                .and_then(|tail| memchr::memchr(b'.', tail))
                .map_or(b.len(), |k| PIECE + k);
            let piece = &rest[..cut];
            rest = rest.get(cut + 1..).unwrap_or("");
            Some(piece)
        })
    };
    let mut bidi = false;
    for piece in pieces() {
        let Some(out) = run(piece) else {
            return false;
        };
        each(&out);
        if !bidi {
            bidi = run(&format!("{piece}.1a")).is_none();
        }
    }
    !bidi || pieces().all(|piece| run(&format!("{piece}.\u{05D0}")).is_some())
}

/// The labels of `ace`, UTS #46 ToASCII of `host`, with each label that is ASCII in `host` as
/// `host` writes it. 3987bis 3.4 applies RFC 3490 ToASCII "on each dot-separated label", and
/// RFC 3490 4.1 leaves an ASCII label as it is (steps 1 and 4 skip Nameprep, which folds case);
/// UTS #46 lowercases it. So `WWW.résumé.org` maps to `WWW.xn--rsum-bpad.org`, and only the
/// non-ASCII labels change, as the rest of 3.3 changes only what a URI may not hold. The labels
/// are those of RFC 3490 3.1 (dots U+002E, U+3002, U+FF0E, U+FF61); when UTS #46 made a different
/// number of them (a code point mapped to a dot, such as U+2488 to "1.", which the crate then
/// refuses all the same), `ace` stays as it is.
fn keep_ascii_labels<'a>(host: &str, ace: &'a str) -> Cow<'a, str> {
    if !host.bytes().any(|c| c.is_ascii_uppercase())
        || host.split(DOTS).count() != ace.split('.').count()
    {
        return Cow::Borrowed(ace);
    }
    let mut out = String::with_capacity(ace.len());
    for (k, (written, mapped)) in host.split(DOTS).zip(ace.split('.')).enumerate() {
        if k > 0 {
            out.push('.');
        }
        // UTS #46 with `AsciiDenyList::EMPTY` maps an ASCII label only by lowercasing it.
        out.push_str(if written.eq_ignore_ascii_case(mapped) {
            written
        } else {
            mapped
        });
    }
    Cow::Owned(out)
}

/// `host` with its percent-encoded octets decoded, for IDNA: they must be UTF-8, and what
/// decoding reveals must be allowed in a host before IDNA sees it (the other bytes were checked
/// by the parser).
fn decode_host(host: &str) -> Result<Cow<'_, str>, MapError> {
    if !host.contains('%') {
        return Ok(Cow::Borrowed(host));
    }
    let s = String::from_utf8(decode_all(host))
        .map_err(|_| MapError::idna(host, "percent-encoded octets that are not UTF-8".into()))?;
    if let Some(c) = s
        .bytes()
        .find(|&c| c < 0x80 && ascii(c) & class::REG_NAME == 0)
    {
        return Err(MapError::idna(
            host,
            format!(
                "percent-decoding gives {:?}, not allowed in a host",
                c as char
            ),
        ));
    }
    Ok(Cow::Owned(s))
}

/// The first character of `s` that an `ireg-name` may not hold literally (3987bis 2.2, 4.1).
fn first_not_in_ireg_name(s: &str) -> Option<char> {
    s.chars().find(|&c| match code_point_class(c) {
        CodePointClass::Ascii => ascii(c as u8) & class::REG_NAME == 0,
        CodePointClass::Ucschar => false,
        _ => true,
    })
}

/// Whether `label` is an ACE label: it starts with "xn--", in either case.
fn is_ace_label(label: &[u8]) -> bool {
    label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--")
}

/// The UTS #46 ToUnicode form of the DNS host `host` (3987bis 5.3.3: "résumé" and
/// "xn--rsum-bpad" are one host, written the former), its percent-encoded UTF-8 decoded first,
/// checked to be an `ireg-name`. A host of the fast path's labels is only lowercased: ToUnicode
/// changes nothing else in it.
pub(crate) fn host_to_unicode(host: &str) -> Result<Cow<'_, str>, MapError> {
    if is_fast_host(host) {
        return Ok(if host.bytes().any(|c| c.is_ascii_uppercase()) {
            Cow::Owned(host.to_ascii_lowercase())
        } else {
            Cow::Borrowed(host)
        });
    }
    if let Some(unicode) = unicode_host_fast(host) {
        return Ok(Cow::Owned(unicode));
    }
    let decoded = decode_host(host)?;
    let unicode = to_unicode_whole(&decoded)
        .ok_or_else(|| idna_failure::to_unicode_failure(host, &decoded))?;
    // UTS #46 (15.1) 4.1 validity criterion 4 without CheckHyphens: no label may begin with
    // "xn--", which the `idna` crate does not check of a decoded label ("xn--xn--b--nya" gives
    // "xn--b-ù", whose own ToUnicode fails): the mapping would not be idempotent.
    if has_ace_label(unicode.as_bytes()) {
        return Err(MapError::idna(
            host,
            "ToUnicode gives a label that begins with \"xn--\" (UTS #46 4.1, V4)".into(),
        ));
    }
    if let Some(c) = first_not_in_ireg_name(&unicode) {
        return Err(MapError::idna(
            host,
            format!("ToUnicode gives {c:?}, not allowed in a host"),
        ));
    }
    Ok(if unicode == host {
        Cow::Borrowed(host)
    } else {
        Cow::Owned(unicode.into_owned())
    })
}

/// UTS #46 ToUnicode of `host` by the `idna` crate, `None` when it fails; a long host a piece at a
/// time ([`by_pieces`]).
fn to_unicode_whole(host: &str) -> Option<Cow<'_, str>> {
    let run = |s: &str| {
        if crate_must_refuse(s, false) {
            return None;
        }
        let (unicode, result) =
            Uts46::new().to_unicode(s.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
        result.ok().map(|()| unicode.into_owned())
    };
    if host.len() <= PIECE {
        let (unicode, result) =
            Uts46::new().to_unicode(host.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
        return result.ok().map(|()| unicode);
    }
    let (mut out, mut first) = (String::with_capacity(host.len()), true);
    let valid = by_pieces(host, run, |piece| {
        if !first {
            out.push('.');
        }
        first = false;
        out.push_str(piece);
    });
    valid.then_some(Cow::Owned(out))
}

/// Whether ToUnicode leaves `host` as it is, but for ASCII letters, which it lowercases: an ASCII
/// host without percent-encodings or ACE labels (with `AsciiDenyList::EMPTY`, UTS #46 maps only
/// the uppercase letters of ASCII, and no rule can fail on such labels, which cannot make a bidi
/// domain name), or a host of the fast path (see [`fast_labels`]).
pub(crate) fn is_fast_host(host: &str) -> bool {
    let b = host.as_bytes();
    if crate::simd::is_ascii(b) {
        return !b.contains(&b'%') && !has_ace_label(b);
    }
    fast_labels::<false>(host, |_, _| true)
}

/// ES, the Bidi_Class of "-", the only character of that class the fast path meets: a code
/// beside those of [`IdnaClass`].
const ES: u8 = 7;

/// The bit of a class code, for sets of classes.
const fn bit(code: u8) -> u8 {
    1 << code
}

/// The bidi rule of RFC 5893 2, as UTS #46 4.1 step 8 applies it to every label of a domain name
/// that holds an R, AL or AN character, and as the `idna` crate reads it: the first character
/// is L, R or AL; past the non-spacing marks that end the label, the last character is L or EN
/// in a left-to-right label, R, AL, EN or AN in a right-to-left one; no character is of the
/// other direction (in a right-to-left label, AN and EN not both). For a label of the fast path
/// (`[A-Za-z0-9-]` and classed code points), whose other characters are ES ("-") and NSM, which
/// either direction allows: so the rule needs only the first class, the last that is not NSM,
/// and the set of all, which the walk of [`fast_labels`] keeps as it goes.
#[derive(Clone, Copy, Default)]
struct BidiLabel {
    /// The class code of the first character (0 before it).
    first: u8,
    /// The class code of the last character that is not NSM.
    last: u8,
    /// The bits of the class codes seen.
    seen: u8,
}

impl BidiLabel {
    /// Takes the next character of the label, of class `code`.
    #[inline(always)]
    fn push(&mut self, code: u8, at_start: bool) {
        if at_start {
            self.first = code;
        }
        if code != IdnaClass::NSM {
            self.last = code;
        }
        self.seen |= bit(code);
    }

    /// Whether the label passes the rule.
    fn passes(self) -> bool {
        const NUMBERS: u8 = bit(IdnaClass::AN) | bit(IdnaClass::EN);
        let last = bit(self.last);
        match self.first {
            IdnaClass::L => {
                last & (bit(IdnaClass::L) | bit(IdnaClass::EN)) != 0
                    && self.seen & (bit(IdnaClass::R) | bit(IdnaClass::AL) | bit(IdnaClass::AN))
                        == 0
            }
            IdnaClass::R | IdnaClass::AL => {
                last & (bit(IdnaClass::R) | bit(IdnaClass::AL) | NUMBERS) != 0
                    && self.seen & bit(IdnaClass::L) == 0
                    && self.seen & NUMBERS != NUMBERS
            }
            _ => false,
        }
    }
}

/// The fast path of IDNA (UTS #46 ToASCII and ToUnicode with the options of [`push_idna`]): for a
/// host whose every label is made of `[A-Za-z0-9-]` and of code points of
/// [`crate::tables::idna_class`], UTS #46 maps each label to itself with ASCII letters
/// lowercased and, when `MAP` (ToASCII) allows them, the code points of class `MAPPED` replaced
/// by their targets (UTS #46 4 step 1, which comes before the rules); without `MAP` (ToUnicode,
/// whose fast path answers that the host stays as it is) such a code point is left to the crate.
/// Its validity rules come down to what the classes say (build/idna.rs). Calls
/// `label` with each label so mapped, split as Punycode reads it ([`Label`]: no non-basic key
/// when the label is ASCII), and says whether the host is valid, with every label accepted by
/// `label`; false when the host is not of that kind (an ACE label, a mark that starts a label,
/// two combining marks in a row out of canonical order or whose second may compose, a code point
/// that NFC changes with the one before it, a code point the table does not class; with `MAP`,
/// an empty label or one too long for DNS) or breaks a rule: the `idna` crate then decides, and
/// says why it fails.
fn fast_labels<const MAP: bool>(
    host: &str,
    mut label: impl FnMut(Label<'_>, &[u8]) -> bool,
) -> bool {
    let split = host_points::split(host, &ASCII_CLASSES, |points| {
        split_labels(host, points, &mut label)
    });
    match split.flatten() {
        Some(answer) => answer,
        None => walk_labels::<MAP>(host, label),
    }
}

/// [`fast_labels`] on a host split all at once (`map::host_points`): the same answer, after the
/// same labels to `label`; or `None`, before any label, where the walk ([`walk_labels`]) would
/// say no for a reason it finds at a code point (an unclassed one, a mapped one, a mark that
/// starts a label, two combining marks out of canonical order, one that composes with the one
/// before it), an empty label, or a label too long: the walk then decides, and says no.
#[inline(always)]
fn split_labels(
    host: &str,
    p: &HostPoints,
    label: &mut impl FnMut(Label<'_>, &[u8]) -> bool,
) -> Option<bool> {
    let n = p.len;
    if n == 0 {
        return None;
    }
    let below = |k: usize| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
    let in_labels = below(n) & !p.dots;
    // Each label's first code point: the host's, and each after a ".".
    let starts = in_labels & !(in_labels << 1);
    let flag = |bit: u8| p.flags[bit.trailing_zeros() as usize];
    let combining = flag(IdnaClass::COMBINING);
    // The walk's reasons to return false at a code point alone, or at an empty label; and a
    // label too long for DNS (64 code points: there is no "." in at most 64 bytes).
    if p.dots & (1 | 1 << (n - 1) | p.dots >> 1) != 0
        || (n == MAX_LABEL + 1 && p.dots == 0)
        || p.unclassed != 0
        || flag(IdnaClass::MAPPED) != 0
        || flag(IdnaClass::MARK) & starts != 0
    {
        return None;
    }
    // The code points the walk looks at with the one before (`in_canonical_order`, `composes`):
    // the second of two combining marks in a row, and one of NFC_QC Maybe past a label's start.
    // The one before is in the same label, and each is read from the arrays of the split.
    let pairs = combining & combining << 1;
    let maybe = flag(IdnaClass::MAYBE) & !starts;
    let mut look = pairs | maybe;
    if look != 0 {
        let above = in_labels & !p.ascii;
        let point_at = |k: usize| {
            let below_k = below(k);
            if p.ascii >> k & 1 != 0 {
                u32::from(p.basic[(p.ascii & below_k).count_ones() as usize])
            } else {
                p.keys[(above & below_k).count_ones() as usize] >> 6
            }
        };
        while look != 0 {
            let k = look.trailing_zeros() as usize;
            look &= look - 1;
            let (before, point) = (point_at(k - 1), point_at(k));
            if (pairs >> k & 1 != 0 && !in_canonical_order(before, point, p.class[k]))
                || (maybe >> k & 1 != 0 && composes(before, point))
            {
                return None;
            }
        }
    }
    let codes = |code: u8| p.codes[usize::from(code)];
    // UTS #46 4.1 step 8: a bidi domain name has an R, AL or AN character.
    let bidi_domain = codes(IdnaClass::R) | codes(IdnaClass::AL) | codes(IdnaClass::AN) != 0;
    let b = host.as_bytes();
    // The label's first code point and byte, and its first basic code point and key.
    let (mut k, mut byte, mut nb, mut nk) = (0, 0, 0, 0);
    let mut bidi_ok = true;
    loop {
        let end = match p.dots >> k {
            0 => n,
            dots => k + dots.trailing_zeros() as usize,
        };
        let byte_end = match p.byte_dots.checked_shr(byte as u32).unwrap_or(0) {
            0 => b.len(),
            dots => byte + dots.trailing_zeros() as usize,
        };
        let range = below(end) & !below(k);
        let basic_at = p.ascii & range;
        let basic = basic_at.count_ones() as usize;
        let keys = end - k - basic;
        let written = &b[byte..byte_end];
        // Positions counted from the host's start, not the label's: the same for Punycode.
        let mapped = Label {
            basic: &p.basic[nb..nb + basic],
            basic_at,
            keys: &p.keys[nk..nk + keys],
        };
        if is_ace_label(written) || !label(mapped, written) {
            return Some(false);
        }
        if bidi_domain {
            let not_nsm = range & !codes(IdnaClass::NSM);
            let last = match not_nsm {
                0 => 0,
                _ => p.class[63 - not_nsm.leading_zeros() as usize] & IdnaClass::BIDI,
            };
            let seen = (1..=ES).fold(0, |seen, code| {
                seen | if codes(code) & range != 0 {
                    bit(code)
                } else {
                    0
                }
            });
            let rule = BidiLabel {
                first: p.class[k] & IdnaClass::BIDI,
                last,
                seen,
            };
            bidi_ok &= rule.passes();
        }
        if end == n {
            return Some(!bidi_domain || bidi_ok);
        }
        (k, byte, nb, nk) = (end + 1, byte_end + 1, nb + basic, nk + keys);
    }
}

/// [`fast_labels`] a code point at a time. Without `MAP` (ToUnicode, which checks no DNS length:
/// UTS #46 4 applies VerifyDnsLength in ToASCII only), an empty label or one of more than
/// [`MAX_LABEL`] code points is no reason to stop (up to the crate's [`PUNYCODE_LIMIT`]): the walk
/// records no code point for `label`, which then gets an empty [`Label`], so that a host of many
/// labels is decided without the crate.
fn walk_labels<const MAP: bool>(
    host: &str,
    mut label: impl FnMut(Label<'_>, &[u8]) -> bool,
) -> bool {
    const BIDI_DOMAIN: u8 = bit(IdnaClass::R) | bit(IdnaClass::AL) | bit(IdnaClass::AN);
    let b = host.as_bytes();
    let (mut basic, mut keys) = ([0u8; MAX_LABEL], [0u32; MAX_LABEL]);
    // UTS #46 4.1 step 8: the classes seen in the whole host (a bidi domain name has an R, AL or
    // AN character), and whether every label passes the bidi rule.
    let (mut domain_seen, mut bidi_ok) = (0u8, true);
    let mut i = 0;
    loop {
        let start = i;
        // Code points, basic ones, their positions; the code point before (lowercased), and
        // whether it is a combining mark.
        let (mut n, mut nb, mut basic_at, mut wide) = (0, 0, 0u64, false);
        let (mut before, mut combining) = (0u32, false);
        let mut bidi = BidiLabel::default();
        while i < b.len() && b[i] != b'.' {
            if MAP && n == MAX_LABEL {
                // Too long for DNS whatever it maps to: the crate says so.
                return false;
            }
            if b[i] < 0x80 {
                // UTS #46 maps "A" to "Z" to lowercase, keeps "a" to "z", digits and "-".
                let (lower, code) = LDH[usize::from(b[i])];
                if lower == 0 {
                    return false;
                }
                bidi.push(code, n == 0);
                if MAP {
                    basic[nb] = lower;
                    nb += 1;
                    basic_at |= 1 << n;
                }
                before = u32::from(lower);
                combining = false;
                i += 1;
            } else {
                let (mut point, len) = decode_at(b, i);
                let class = idna_class_of(point).bits();
                // Unclassed, or not in NFC (4.1 step 1), or a mark that starts the label
                // (step 5): the crate decides. After ASCII, the point before is lowercase, as
                // UTS #46 maps before it normalizes; so is a mapped one.
                if class == 0 {
                    return false;
                }
                let comb = class & IdnaClass::COMBINING != 0;
                // Letters and digits, most code points, have none of these bits.
                const RARE: u8 =
                    IdnaClass::MARK | IdnaClass::COMBINING | IdnaClass::MAYBE | IdnaClass::MAPPED;
                if class & RARE != 0 {
                    if class & IdnaClass::MAPPED != 0 {
                        if !MAP {
                            return false;
                        }
                        point = idna_mapped_of(point);
                    }
                    if (comb && combining && !in_canonical_order(before, point, class))
                        || (n == 0 && class & IdnaClass::MARK != 0)
                        || (class & IdnaClass::MAYBE != 0 && n > 0 && composes(before, point))
                    {
                        return false;
                    }
                }
                combining = comb;
                wide = true;
                bidi.push(class & IdnaClass::BIDI, n == 0);
                if MAP {
                    keys[n - nb] = point << 6 | n as u32;
                }
                before = point;
                i += len;
            }
            n += 1;
        }
        let mapped = Label {
            basic: &basic[..nb],
            basic_at,
            keys: &keys[..if MAP { n - nb } else { 0 }],
        };
        // The crate's limit on Punycode input (see `crate_must_refuse`), which ToUnicode meets
        // on a label the walk maps to itself.
        if (MAP && n == 0)
            || (!MAP && wide && n > PUNYCODE_LIMIT)
            || is_ace_label(&b[start..i])
            || !label(mapped, &b[start..i])
        {
            return false;
        }
        domain_seen |= bidi.seen;
        // The crate applies the bidi rule to the labels that have a first character (an empty
        // one has none to be L, R or AL).
        if n > 0 {
            bidi_ok &= bidi.passes();
        }
        if i == b.len() {
            break;
        }
        i += 1;
    }
    domain_seen & BIDI_DOMAIN == 0 || bidi_ok
}

/// The code point whose UTF-8 sequence (RFC 3629 3) starts at the non-ASCII lead `b[i]`, and its
/// length; `b` is a `str`'s bytes, so the sequence is whole and well formed. Without slicing the
/// `str` at `i` (a check of the boundary) and the general decoder's test for ASCII.
#[inline(always)]
fn decode_at(b: &[u8], i: usize) -> (u32, usize) {
    let lead = u32::from(b[i]);
    let next = |k: usize| u32::from(b[i + k] & 0x3F);
    if lead < 0xE0 {
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

/// [`LDH`] as `map::host_points` reads it.
pub(crate) static ASCII_CLASSES: AsciiClasses = {
    let (mut lower, mut code) = ([0u8; 128], [0u8; 128]);
    let mut c = 0;
    while c < 128 {
        (lower[c], code[c]) = LDH[c];
        c += 1;
    }
    AsciiClasses { lower, code }
};

/// `[A-Za-z0-9-]` as UTS #46 maps them (letters lowercased), with their bidi class codes (L,
/// EN, ES); 0 for every other ASCII byte.
static LDH: [(u8, u8); 128] = {
    let mut t = [(0u8, 0u8); 128];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = match b {
            b'a'..=b'z' => (b, IdnaClass::L),
            b'A'..=b'Z' => (b + 32, IdnaClass::L),
            b'0'..=b'9' => (b, IdnaClass::EN),
            b'-' => (b, ES),
            _ => (0, 0),
        };
        c += 1;
    }
    t
};

/// Whether the combining mark `b` (a non-zero Canonical_Combining_Class, of class `class`) after
/// the combining mark `a` keeps a label in NFC (UTS #46 4.1 step 1): the two are in canonical
/// order (UAX #15 1.3: `ccc(a) <= ccc(b)`), and `b` composes with nothing before it
/// (NFC_Quick_Check Yes, where `composes` would have to find the starter `b` may reach past
/// `a`: such labels are left to the crate). As Devanagari nukta then virama (ccc 7, 9), Myanmar
/// dot below then asat, stacked Hebrew points and Lao tone marks are written.
fn in_canonical_order(a: u32, b: u32, class: u8) -> bool {
    let ccc = |p: u32| {
        char::from_u32(p).map_or(0, unicode_normalization::char::canonical_combining_class)
    };
    class & IdnaClass::MAYBE == 0 && ccc(a) <= ccc(b)
}

/// Whether NFC changes `a` followed by `b` (of NFC_Quick_Check Maybe): the two compose, or `a`
/// decomposes to a letter and a mark that `b` goes before in canonical order and then composes
/// with (`ê` and U+0323 are `ệ` in NFC: e, U+0323, U+0302), for capitals and precomposed letters
/// alike.
fn composes(a: u32, b: u32) -> bool {
    use unicode_normalization::char::{compose, decompose_canonical};
    use unicode_normalization::UnicodeNormalization;
    let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b)) else {
        return false;
    };
    let mut parts = 0;
    decompose_canonical(a, |_| parts += 1);
    // NFC of the pair only where `a` decomposes: on every pair it cost the host fast path 2-3%.
    if parts > 1 {
        ![a, b].into_iter().nfc().eq([a, b])
    } else {
        compose(a, b).is_some()
    }
}

/// The fast path of [`push_idna`] (see [`fast_labels`]): each label with non-ASCII code points
/// written as "xn--" and its Punycode (RFC 3492), the others lowercased, and the DNS lengths of
/// RFC 3490 4.1 step 8 checked. Returns false, with nothing written, for every host the fast
/// path does not take or that breaks a rule: the `idna` crate decides.
fn push_idna_fast(out: &mut Vec<u8>, host: &str) -> bool {
    let start = out.len();
    let fast = fast_labels::<true>(host, |label, written| {
        // RFC 1034 3.1 (below): a host already too long stops the walk, whose output would
        // otherwise grow with the host.
        if out.len() - start > MAX_HOST {
            return false;
        }
        if out.len() > start {
            out.push(b'.');
        }
        if label.keys.is_empty() {
            // An ASCII label as it is written, capitals and all (RFC 3490 4.1 steps 1 and 4;
            // see `keep_ascii_labels`).
            out.extend_from_slice(written);
            true
        } else {
            out.extend_from_slice(b"xn--");
            punycode::encode(label, out, MAX_LABEL - "xn--".len())
        }
    });
    // RFC 1034 3.1, as UTS #46 VerifyDnsLength checks it: at most 253 octets without a root dot.
    if !fast || out.len() - start > MAX_HOST {
        out.truncate(start);
        return false;
    }
    true
}

/// The fast path of ToUnicode for a host with ACE labels: each "xn--" label decoded (RFC 3492
/// 6.2), the others with ASCII lowercased, and the whole a host of the fast path
/// ([`fast_labels`]: every rule of UTS #46 4.1 decided), which ToUnicode then leaves as it is.
/// `None` when a label is not of that kind: the `idna` crate decides.
fn unicode_host_fast(host: &str) -> Option<String> {
    // Without an ACE label this is `fast_labels` on `host`, which `is_fast_host` said no to.
    if !has_ace_label(host.as_bytes()) {
        return None;
    }
    let mut out = String::with_capacity(2 * host.len());
    for (k, label) in host.split('.').enumerate() {
        if k > 0 {
            out.push('.');
        }
        if is_ace_label(label.as_bytes()) {
            push_ace_decoded(&mut out, label)?;
        } else {
            out.extend(label.chars().map(|c| c.to_ascii_lowercase()));
        }
    }
    fast_labels::<false>(&out, |_, _| true).then_some(out)
}

/// Appends the code points of the ACE label `label` ("xn--" and Punycode) when it is in the
/// form ToASCII writes: lowercase, canonical Punycode (encoding the result again gives it
/// back), with a non-ASCII code point. The caller checks the rules of UTS #46 on the result.
fn push_ace_decoded(out: &mut String, label: &str) -> Option<()> {
    let b = label.as_bytes().strip_prefix(b"xn--")?;
    let mut points = [0u32; MAX_LABEL];
    let n = punycode::decode(b, &mut points)?;
    if points[..n].iter().all(|&p| p < 0x80) {
        return None;
    }
    let mut again = Vec::with_capacity(MAX_LABEL);
    if !punycode::encode_points(&points[..n], &mut again, MAX_LABEL - "xn--".len()) || again != b {
        return None;
    }
    for &p in &points[..n] {
        out.push(char::from_u32(p)?);
    }
    Some(())
}

/// 3987bis 3.7 step 6: `host` with each label that is an ACE label ("xn--") replaced by its
/// ToUnicode form, when that form is an IRI's `ucschar` text and converts back to exactly the
/// same label; other labels as they are. And only when the host so written maps back (3.4) to
/// exactly `host`, so that mapping the IRI back gives the same URI: the labels may convert one
/// by one and the host not (`xn--4db.1a`: with the right-to-left `א`, the label `1a` breaks the
/// bidi rule, and ToASCII of `א.1a` fails). Found by the `to_iri` fuzz target, when ToASCII still
/// lowercased ASCII labels.
pub(crate) fn to_unicode(host: &str) -> Cow<'_, str> {
    // ToASCII gives at most 253 octets and a root dot (RFC 1034 3.1): a longer host is not what
    // any host maps back to.
    if host.len() > MAX_HOST + 1 || !has_ace_label(host.as_bytes()) {
        return Cow::Borrowed(host);
    }
    let mut out = String::with_capacity(host.len());
    for (k, label) in host.split('.').enumerate() {
        if k > 0 {
            out.push('.');
        }
        match is_ace_label(label.as_bytes())
            .then(|| label_to_unicode(label))
            .flatten()
        {
            Some(u) => out.push_str(&u),
            None => out.push_str(label),
        }
    }
    if out == host {
        return Cow::Borrowed(host);
    }
    let mut back = Vec::with_capacity(host.len());
    if push_idna(&mut back, &out).is_ok() && back == host.as_bytes() {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(host)
    }
}

/// [`has_ace_label`] of the host at `at..end` of the line `b`: the "--" of "xn--" found in
/// windows of 16 bytes of the line (`simd::hyphen_pairs`), so that a host takes a window or two
/// and no byte loop, where the line is long enough for a window (17 bytes); a byte at a time
/// otherwise.
#[inline]
pub(crate) fn has_ace_label_at(b: &[u8], at: usize, end: usize) -> bool {
    if b.len() < 17 || at == 0 {
        return has_ace_label(&b[at..end]);
    }
    // A pair of "-" ends "xn--" at `i`: the label starts 3 bytes before, at the host's start or
    // after a ".".
    let ace = |i: usize| {
        i >= at + 3
            && b[i - 3..i - 1].eq_ignore_ascii_case(b"xn")
            && (i == at + 3 || b[i - 4] == b'.')
    };
    crate::simd::any_in_windows(b, at, end, crate::simd::hyphen_pairs, ace)
}

/// Whether a label of `host` starts with "xn--" (either case): at the start, or after a ".".
/// On the path of every line: hosts are short, and most have no "-", which std's search (inlined)
/// tells faster than a walk of the bytes or a call to the `memchr` crate (docs/performance.md).
pub(crate) fn has_ace_label(host: &[u8]) -> bool {
    if !host.contains(&b'-') {
        return false;
    }
    let mut label_start = true;
    for (i, &c) in host.iter().enumerate() {
        if label_start && c | 0x20 == b'x' && is_ace_label(&host[i..]) {
            return true;
        }
        label_start = c == b'.';
    }
    false
}

/// The ToUnicode form of the ACE label `label` when it converts back to exactly `label`: the
/// fast path's when it takes the label (its Punycode is canonical, so ToASCII gives the label
/// back), else the `idna` crate's both ways.
fn label_to_unicode(label: &str) -> Option<String> {
    let mut out = String::with_capacity(2 * label.len());
    if push_ace_decoded(&mut out, label).is_some() && fast_labels::<false>(&out, |_, _| true) {
        return Some(out);
    }
    let (u, result) =
        Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    result.ok()?;
    // UTS #46 4.1 V4, as in `host_to_unicode`.
    if is_ace_label(u.as_bytes()) {
        return None;
    }
    let fits = first_not_in_ireg_name(&u).is_none();
    let back = Uts46::new()
        .to_ascii(
            u.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .ok()?;
    (fits && back == label).then(|| u.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idna(host: &str) -> Result<String, MapError> {
        let mut out = Vec::new();
        push_idna(&mut out, host).map(|()| String::from_utf8(out).expect("ASCII"))
    }

    /// `crate_must_refuse` says a host fails only where the `idna` crate refuses it: hosts of
    /// code points of every kind the bound meets (classed, mapped to one code point, unclassed
    /// symbols, ignored ones, marks, dots, disallowed ones), just under and over its limits.
    #[test]
    fn crate_must_refuse_only_what_the_crate_refuses() {
        let points = [
            "a", "ä", "Ä", "𝔄", "Ａ", "☃", "ß", "\u{AD}", "\u{301}", "\u{3002}", "\u{2488}",
            "\u{378}", "\u{200D}", "1", "\u{05D0}", "\u{1161}", "½", "ﬁ",
        ];
        let mut refused = 0;
        for (i, a) in points.iter().enumerate() {
            for b in &points[i..] {
                for n in [100, 126, 127, 499, 500, 501, 999, 1000, 1001] {
                    for host in [
                        a.repeat(n),
                        format!("{}{b}", a.repeat(n)),
                        format!("{b}{}", a.repeat(n)),
                        format!("{a}{}", b.repeat(n)),
                    ] {
                        let unicode = Uts46::new()
                            .to_unicode(host.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow)
                            .1
                            .is_err();
                        let ascii = Uts46::new()
                            .to_ascii(
                                host.as_bytes(),
                                AsciiDenyList::EMPTY,
                                Hyphens::Allow,
                                DnsLength::VerifyAllowRootDot,
                            )
                            .is_err();
                        for (dns, fails) in [(false, unicode), (true, ascii)] {
                            let must = crate_must_refuse(&host, dns);
                            assert!(
                                !must || fails,
                                "{host:?} (dns lengths {dns}): the crate takes it"
                            );
                            refused += usize::from(must);
                        }
                    }
                }
            }
        }
        // The bound decides most of the hosts the crate refuses, not only a few.
        assert!(refused > 1000, "{refused}");
    }

    #[test]
    /// 3.4 prints the label as `xn--rsum-bad`, a typo (5.3.3 has it right).
    fn idna_examples_of_3_4() {
        assert_eq!(
            idna("résumé.example.org").unwrap(),
            "xn--rsum-bpad.example.org"
        );
        // The design question of 3.4: an ASCII host stays as it is, a URI host already.
        assert_eq!(
            idna("r%C3%A9sum%C3%A9.example.org").unwrap(),
            "r%C3%A9sum%C3%A9.example.org"
        );
        assert_eq!(idna("ex%41mple.org").unwrap(), "ex%41mple.org");
        // Next to non-ASCII characters, percent-encoded UTF-8 is decoded before ToASCII.
        assert_eq!(idna("ré%C3%A9.org").unwrap(), "xn--r-bgaa.org");
        assert_eq!(idna("r%E9sum%E9.org").unwrap(), "r%E9sum%E9.org");
        assert_eq!(idna("Example.ORG").unwrap(), "Example.ORG");
    }

    /// `is_dns_host` answers for `http` and `https` before the table: the table must say the
    /// same.
    #[test]
    fn http_is_a_dns_host() {
        for scheme in [
            "http",
            "https",
            "HTTP",
            "Https",
            "ftp",
            "urn",
            "mailto",
            "x-unknown",
        ] {
            let table = is_dns_host_of(crate::scheme_info(scheme));
            assert_eq!(is_dns_host(Some(scheme)), table, "{scheme}");
        }
    }

    #[test]
    fn idna_failures_are_errors() {
        // A label of 64 octets after ToASCII (RFC 3490 4.1 step 8).
        let long = format!("é{}.org", "a".repeat(63));
        assert!(idna(&long).is_err());
        // UTS #46 maps U+FF0F FULLWIDTH SOLIDUS to "/", which no host may hold.
        assert!(idna("a\u{FF0F}b.org").is_err());
        // Decoding reveals a space.
        assert!(idna("é%20.org").is_err());
        // Mixed: non-ASCII with octets that are not UTF-8.
        assert!(idna("é%E9.org").is_err());
    }

    #[test]
    fn decoded_labels_may_not_begin_with_xn() {
        // "xn--b--nya" is the Punycode of "xn--b-ù": ToUnicode would give a label that begins
        // with "xn--", whose own ToUnicode fails (UTS #46 4.1, V4).
        assert!(host_to_unicode("xn--xn--b--nya.org").is_err());
        assert_eq!(to_unicode("xn--xn--b--nya.org"), "xn--xn--b--nya.org");
        assert_eq!(host_to_unicode("xn--rsum-bpad.org").unwrap(), "résumé.org");
    }

    #[test]
    fn to_unicode_only_when_the_host_maps_back() {
        // ToASCII of "א.1a" fails: with a right-to-left label, "1a" breaks the bidi rule.
        assert_eq!(to_unicode("xn--4db.1a"), "xn--4db.1a");
        assert_eq!(to_unicode("xn--4db.a1"), "א.a1");
        // ASCII labels keep their capitals both ways.
        assert_eq!(to_unicode("S.xn--rsum-bpad"), "S.résumé");
        assert_eq!(to_unicode("s.xn--rsum-bpad"), "s.résumé");
    }

    #[test]
    fn ascii_labels_keep_their_capitals() {
        // RFC 3490 4.1 leaves ASCII labels as they are (3987bis 3.4: ToASCII on each label).
        assert_eq!(idna("WWW.Résumé.ORG").unwrap(), "WWW.xn--rsum-bpad.ORG");
        assert_eq!(idna("WWW.ÉCOLE.fr.").unwrap(), "WWW.xn--cole-9oa.fr.");
        // The crate's path (two combining marks in a row, the second of NFC_QC Maybe), with RFC
        // 3490's other dots.
        let lower = idna("a.e\u{301}\u{302}.b").unwrap();
        assert_eq!(
            idna("A\u{3002}e\u{301}\u{302}.B").unwrap(),
            format!("A{}B", &lower[1..lower.len() - 1])
        );
        assert_eq!(idna("XN--RSUM-BPAD.é").unwrap(), "XN--RSUM-BPAD.xn--9ca");
        // A different number of labels (UTS #46 maps U+2488 to "1.", though the crate then
        // refuses the host, as it refuses every such mapping tried): the crate's labels stay.
        assert_eq!(
            keep_ascii_labels("A.é\u{2488}", "a.xn--1-9fa."),
            "a.xn--1-9fa."
        );
        assert_eq!(
            keep_ascii_labels("A.é\u{FF0E}B", "a.xn--9ca.b"),
            "A.xn--9ca.B"
        );
    }

    #[test]
    fn long_hosts_keep_the_bidi_rule_across_pieces() {
        // With a right-to-left label, "1a" breaks the bidi rule (UTS #46 4.1 step 8), pieces
        // apart; "a1" does not.
        let host = format!("1a.{}\u{5D0}", "Ä.".repeat(PIECE));
        assert!(host_to_unicode(&host).is_err());
        let host = format!("a1.{}\u{5D0}", "Ä.".repeat(PIECE));
        let unicode = format!("a1.{}\u{5D0}", "ä.".repeat(PIECE));
        assert_eq!(host_to_unicode(&host).unwrap(), unicode);
        // The crate's limit on Punycode input, in ToUnicode too.
        assert!(host_to_unicode(&"ä".repeat(PUNYCODE_LIMIT + 1)).is_err());
        assert!(host_to_unicode(&"ä".repeat(PUNYCODE_LIMIT)).is_ok());
    }

    #[test]
    fn to_unicode_example_of_3_7_1() {
        assert_eq!(to_unicode("xn--99zt52a.example.org"), "納豆.example.org");
        // Labels that do not convert back to themselves stay.
        assert_eq!(
            to_unicode("XN--99ZT52A.example.org"),
            "XN--99ZT52A.example.org"
        );
        assert_eq!(to_unicode("xn--invalid-.org"), "xn--invalid-.org");
        assert!(matches!(to_unicode("example.org"), Cow::Borrowed(_)));
        assert!(matches!(to_unicode("axn--b.xn-.org"), Cow::Borrowed(_)));
        assert_eq!(to_unicode("a.XN--99zt52a"), "a.XN--99zt52a");
        assert!(has_ace_label(b"Xn--a") && has_ace_label(b"a.b.xn--c") && !has_ace_label(b"a.xn-"));
    }

    proptest::proptest! {
        /// The windows of the line against the byte walk, on hosts of labels that may be ACE
        /// labels or nearly (`xn-`, `-xn--`, capitals), in lines short and long, at any place.
        #[test]
        fn ace_labels_in_windows_as_byte_by_byte(
            labels in proptest::collection::vec("(xn--|XN--|xN-|-xn--|x-|--)?[a-z0-9-]{0,6}", 0..6),
            before in "[a-z]{1,20}",
            after in "(/[a-z-]{0,30})?",
        ) {
            let host = labels.join(".");
            let line = format!("{before}://{host}{after}");
            let at = before.len() + 3;
            proptest::prop_assert_eq!(
                has_ace_label_at(line.as_bytes(), at, at + host.len()),
                has_ace_label(host.as_bytes()),
                "{:?}", line
            );
        }
    }

    #[test]
    fn dns_hosts_by_scheme() {
        assert!(is_dns_host(Some("HTTP")));
        assert!(is_dns_host(Some("x-unknown")));
        assert!(is_dns_host(None));
    }
}
