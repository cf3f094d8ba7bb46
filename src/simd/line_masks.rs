//! The bit masks the line check (`scan::line`) reads an input from, and their portable
//! builders, a byte at a time: the reference of the AVX-512 ones (`x86::avx512::line_masks`,
//! `utf8_masks`).

use crate::tables::{ascii, class, UTF8_LEAD_NIBBLE_HI, UTF8_LEAD_NIBBLE_LO};

/// Bit masks over the ASCII of an input of at most `64 * W` bytes, bit `k % 64` of word `k / 64`
/// for byte `k`; bits past the input are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineMasks<const W: usize> {
    /// In `iquery` literally (3987bis 2.2): `ipchar / "/" / "?"` less `pct-encoded` and the
    /// non-ASCII. The literal sets of the other components are this set less delimiters.
    pub query: [u64; W],
    /// In `scheme` after its first letter (RFC 3986 3.1), and `HEXDIG`.
    pub scheme: [u64; W],
    pub hexdig: [u64; W],
    /// "%", ":", "/", "?", "#", "@".
    pub percent: [u64; W],
    pub colon: [u64; W],
    pub slash: [u64; W],
    pub question: [u64; W],
    pub hash: [u64; W],
    pub at: [u64; W],
    /// Bytes >= 0x80.
    pub high: [u64; W],
}

/// Bit masks over the non-ASCII bytes of an input, as [`LineMasks`]: made only for an input
/// that has some.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Utf8Masks<const W: usize> {
    /// Not 0 when a continuation byte (0x80 to 0xBF) is where no lead needs one, or a lead
    /// needs one where none is (RFC 3629 3): the bits of those places, of all words together.
    /// A lead needs one after it, from 0xE0 a second after that, from 0xF0 a third. Past the
    /// input the bytes read as 0, so a sequence cut off by the end needs a byte that is not
    /// there (one past `64 * W` bytes is not in the mask: checked apart).
    pub misplaced: u64,
    /// Leads (0xC0 and above) for the DFA: every other lead, followed by the continuation bytes
    /// it needs, starts a `ucschar`. With VBMI those of [`odd`], the rare ones; without, those
    /// of [`odd_by_nibbles`], which are many more (0xE2, 0xEF and 0xF0 among them).
    pub odd: [u64; W],
}

/// Classes of leads ([`ODD_LEAD`]), of second bytes ([`ODD_SECOND`]) and of third bytes
/// ([`ODD_THIRD`]), indexed by the byte's low 6 bits: a lead is odd when the three classes of
/// it and the two bytes after it share a bit. Each bit is a set of sequences that may not be
/// `ucschar` (RFC 3629 3, 3987bis 2.2 and 4.1; the test `odd_leads_are_the_only_exceptions`
/// checks every sequence):
/// - 0: leads 0xC0, 0xC1 (overlong), 0xEE (private use), 0xF1 and above (planes 4 to 16, their
///   non-characters, tags and private use; 0xF5 and above are never UTF-8);
/// - 1: 0xC2 and 0xE0 with 0x80 to 0x9F (C1 controls; overlong), and 0xD8 with them (ALM,
///   U+061C, is 0xD8 0x9C, and the other 31 Arabic signs of U+0600 to U+061F go along);
/// - 2: 0xED with 0xA0 to 0xBF (surrogates);
/// - 3: 0xEF with 0x80 to 0xA3 (private use U+F000 to U+F8FF);
/// - 4: 0xF0 with 0x80 to 0x8F (overlong);
/// - 5: 0xE2 0x80 or 0x81 with 0x8E, 0x8F or 0xA6 to 0xAE (the bidi formatting characters
///   U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069, and a few more);
/// - 6: 0xEF 0xB7 or 0xBF with 0x90 to 0xBF (U+FDD0 to U+FDEF, U+FFF0 to U+FFFF, and a few
///   more);
/// - 7: 0xF0 0x9F, 0xAF or 0xBF with 0xBF (U+1FFFE, U+2FFFF, ..., and a few more).
pub(crate) const ODD_LEAD: [u8; 64] = odd_table(&[
    (0, &[(0xC0, 0xC1), (0xEE, 0xEE), (0xF1, 0xFF)]),
    (1, &[(0xC2, 0xC2), (0xD8, 0xD8), (0xE0, 0xE0)]),
    (2, &[(0xED, 0xED)]),
    (3, &[(0xEF, 0xEF)]),
    (4, &[(0xF0, 0xF0)]),
    (5, &[(0xE2, 0xE2)]),
    (6, &[(0xEF, 0xEF)]),
    (7, &[(0xF0, 0xF0)]),
]);
pub(crate) const ODD_SECOND: [u8; 64] = odd_table(&[
    (0, &[(0x80, 0xBF)]),
    (1, &[(0x80, 0x9F)]),
    (2, &[(0xA0, 0xBF)]),
    (3, &[(0x80, 0xA3)]),
    (4, &[(0x80, 0x8F)]),
    (5, &[(0x80, 0x81)]),
    (6, &[(0xB7, 0xB7), (0xBF, 0xBF)]),
    (7, &[(0x9F, 0x9F), (0xAF, 0xAF), (0xBF, 0xBF)]),
]);
pub(crate) const ODD_THIRD: [u8; 64] = odd_table(&[
    (0, &[(0x80, 0xBF)]),
    (1, &[(0x80, 0xBF)]),
    (2, &[(0x80, 0xBF)]),
    (3, &[(0x80, 0xBF)]),
    (4, &[(0x80, 0xBF)]),
    (5, &[(0x8E, 0x8F), (0xA6, 0xAE)]),
    (6, &[(0x90, 0xBF)]),
    (7, &[(0xBF, 0xBF)]),
]);

/// A table of [`ODD_LEAD`]'s kind: bit `bit` set at `c & 63` for each `c` of each range.
const fn odd_table(bits: &[(u32, &[(u8, u8)])]) -> [u8; 64] {
    let mut t = [0; 64];
    let mut i = 0;
    while i < bits.len() {
        let (bit, ranges) = bits[i];
        let mut r = 0;
        while r < ranges.len() {
            let (lo, hi) = ranges[r];
            let mut c = lo;
            while c <= hi {
                t[(c & 63) as usize] |= 1 << bit;
                if c == 0xFF {
                    break;
                }
                c += 1;
            }
            r += 1;
        }
        i += 1;
    }
    t
}

/// Whether the lead at `k` of `b` is odd ([`ODD_LEAD`]); the bytes past `b` read as 0.
pub(crate) fn odd(b: &[u8], k: usize) -> bool {
    let at = |i: usize| usize::from(b.get(i).copied().unwrap_or(0) & 63);
    b[k] >= 0xC0 && ODD_LEAD[at(k)] & ODD_SECOND[at(k + 1)] & ODD_THIRD[at(k + 2)] != 0
}

/// Whether the lead at `k` of `b` is not decided by `UTF8_LEAD_NIBBLE_*`, or by its second byte
/// where `UTF8_SECOND_BYTE_LEADS` has it (0xC2, 0xE0, 0xED), or `UTF8_EXCEPT_PAIRS` (0xD8 before
/// 0x9C, ALM); the bytes past `b` read as 0.
pub(crate) fn odd_by_nibbles(b: &[u8], k: usize) -> bool {
    let c = b[k];
    let second = b.get(k + 1).copied().unwrap_or(0);
    c >= 0xC0
        && (UTF8_LEAD_NIBBLE_LO[usize::from(c & 15)] & UTF8_LEAD_NIBBLE_HI[usize::from(c >> 4)]
            == 0
            || matches!(c, 0xC2 | 0xE0) && second < 0xA0
            || c == 0xED && second >= 0xA0
            || (c, second) == (0xD8, 0x9C))
}

/// Bit `k % 64` of word `k / 64` set where `f(b[k])`.
fn mask_of<const W: usize>(b: &[u8], f: impl Fn(u8) -> bool) -> [u64; W] {
    assert!(b.len() <= 64 * W);
    let mut m = [0; W];
    for (k, &c) in b.iter().enumerate() {
        m[k / 64] |= u64::from(f(c)) << (k % 64);
    }
    m
}

impl<const W: usize> LineMasks<W> {
    /// The masks of `b` a byte at a time: the reference the wide builder is tested against (by
    /// `scan::check_line_scan`).
    ///
    /// # Panics
    /// If `b` is longer than `64 * W` bytes.
    pub(crate) fn portable(b: &[u8]) -> Self {
        LineMasks {
            query: mask_of(b, |c| ascii(c) & class::QUERY != 0),
            scheme: mask_of(b, |c| ascii(c) & class::SCHEME != 0),
            hexdig: mask_of(b, |c| ascii(c) & class::HEXDIG != 0),
            percent: mask_of(b, |c| c == b'%'),
            colon: mask_of(b, |c| c == b':'),
            slash: mask_of(b, |c| c == b'/'),
            question: mask_of(b, |c| c == b'?'),
            hash: mask_of(b, |c| c == b'#'),
            at: mask_of(b, |c| c == b'@'),
            high: mask_of(b, |c| c >= 0x80),
        }
    }
}

impl<const W: usize> Utf8Masks<W> {
    /// As [`LineMasks::portable`]; the odd leads of [`odd`] when `VBMI`, else of
    /// [`odd_by_nibbles`].
    pub(crate) fn portable<const VBMI: bool>(b: &[u8]) -> Self {
        let mut odd_leads = [0; W];
        for k in 0..b.len() {
            let is_odd = if VBMI {
                odd(b, k)
            } else {
                odd_by_nibbles(b, k)
            };
            odd_leads[k / 64] |= u64::from(is_odd) << (k % 64);
        }
        let mut misplaced = 0;
        for k in 0..64 * W {
            let before = |d: usize, lead: u8| k >= d && b.get(k - d).is_some_and(|&c| c >= lead);
            let needed = before(1, 0xC0) || before(2, 0xE0) || before(3, 0xF0);
            let cont = b.get(k).is_some_and(|c| (0x80..0xC0).contains(c));
            misplaced |= u64::from(needed != cont) << (k % 64);
        }
        Utf8Masks {
            misplaced,
            odd: odd_leads,
        }
    }
}

/// Bit masks over the bytes of an IRI of at most `64 * W` bytes that the lints stop at, as
/// [`LineMasks`]: the leads of non-ASCII characters, ASCII letters, and the delimiters that
/// divide components (3987bis 4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LintMasks<const W: usize> {
    /// 0xC0 and above.
    pub lead: [u64; W],
    /// 0xD6 to 0xDF: the leads of U+0580 to U+07FF, mostly right-to-left (Hebrew, Arabic,
    /// Syriac, Thaana, NKo).
    pub rtl_lead: [u64; W],
    /// `A` to `Z`, `a` to `z`.
    pub letter: [u64; W],
    /// "%", ".", "/", "&" or ";", "=".
    pub percent: [u64; W],
    pub dot: [u64; W],
    pub slash: [u64; W],
    pub ampersand: [u64; W],
    pub equals: [u64; W],
}

impl<const W: usize> LintMasks<W> {
    /// No byte in any mask.
    pub(crate) const ZERO: Self = LintMasks {
        lead: [0; W],
        rtl_lead: [0; W],
        letter: [0; W],
        percent: [0; W],
        dot: [0; W],
        slash: [0; W],
        ampersand: [0; W],
        equals: [0; W],
    };

    /// The masks of `b` a byte at a time: the reference the SSE2 and AVX-512 ones are tested
    /// against (by the tests and `scan::check_fast_paths`).
    ///
    /// # Panics
    /// If `b` is longer than `64 * W` bytes.
    #[cfg(any(test, feature = "internals"))]
    pub(crate) fn portable(b: &[u8]) -> Self {
        LintMasks {
            lead: mask_of(b, |c| c >= 0xC0),
            rtl_lead: mask_of(b, |c| (0xD6..=0xDF).contains(&c)),
            letter: mask_of(b, |c| c.is_ascii_alphabetic()),
            percent: mask_of(b, |c| c == b'%'),
            dot: mask_of(b, |c| c == b'.'),
            slash: mask_of(b, |c| c == b'/'),
            ampersand: mask_of(b, |c| c == b'&' || c == b';'),
            equals: mask_of(b, |c| c == b'='),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every lead that is not odd, with the continuation bytes it needs, starts a `ucschar`:
    /// each sequence of 2 to 4 bytes (and, after one of 2, each byte that may follow it, which
    /// the tables read too, or none) checked against the DFA.
    #[test]
    fn odd_leads_are_the_only_exceptions() {
        let mut decided = 0;
        for lead in 0xC0..=0xFFu8 {
            let len = match lead {
                0xC0..=0xDF => 2,
                0xE0..=0xEF => 3,
                _ => 4,
            };
            for tail in 0..64u32.pow(len - 1) {
                let mut seq = vec![lead];
                seq.extend((0..len - 1).map(|d| 0x80 | (tail >> (6 * d) & 63) as u8));
                let followers: Vec<Option<u8>> = if len == 2 {
                    std::iter::once(None).chain((0..=255).map(Some)).collect()
                } else {
                    vec![None]
                };
                for next in followers {
                    let mut b = seq.clone();
                    b.extend(next);
                    if !odd(&b, 0) || !odd_by_nibbles(&b, 0) {
                        decided += usize::from(!odd(&b, 0));
                        assert_eq!(
                            crate::tables::classify_utf8(&seq),
                            Some((crate::tables::CodePointClass::Ucschar, seq.len())),
                            "{seq:02X?}"
                        );
                    }
                }
            }
        }
        assert!(decided > 700_000, "{decided}");
    }
}
