//! The wide check: skips a run of bytes that may stand literally in a component, 16 or 64 at a
//! time; and the other wide helpers of the crate (the percent-encoders, counts, ASCII tests and
//! window masks).
//!
//! This is the one place of the crate with `unsafe` (here and in its submodule [`host_points`]):
//! SSSE3 and AVX-512 intrinsics on x86-64,
//! detected once at run time. The whole scanner is compiled a second and a third time, for SSSE3
//! and for AVX-512 ([`scan_wide`], the level a const parameter of `Scanner`), so that the check
//! inlines into its loops; the byte table walk (`skip_scalar`) is the portable fallback, and the
//! reference that the tests and the `fast_vs_scalar` fuzz target compare both with.
#![allow(unsafe_code)]

pub(crate) mod host_points;

use super::{Positions, Scanner};
use crate::map::punycode::Label;
use crate::{Error, Grammar};

/// The CPU features the wide paths need, a bit each, detected once: asked of every line, and one
/// load, where each `is_x86_feature_detected!` takes a load and a test.
#[inline(always)]
fn features() -> u8 {
    use std::sync::atomic::{AtomicU8, Ordering};
    static FEATURES: AtomicU8 = AtomicU8::new(0);
    let known = FEATURES.load(Ordering::Relaxed);
    if known != 0 {
        return known;
    }
    let detected = detect();
    FEATURES.store(detected, Ordering::Relaxed);
    detected
}

/// Set once the features are known (so that none is 0).
const DETECTED: u8 = 0x80;
/// SSSE3: the 16-byte wide check and encoder.
const HAS_SSSE3: u8 = 1;
/// POPCNT.
const HAS_POPCNT: u8 = 2;
/// AVX-512 F, BW and VL, and POPCNT (which every such CPU has): the 64-byte wide check.
const HAS_AVX512: u8 = 4;
/// AVX-512 VBMI2 besides: the AVX-512 percent-encoder and the split of hosts (with VBMI).
const HAS_VBMI2: u8 = 8;
/// AVX-512 VBMI besides: the line check's UTF-8 classes by `vpermb`.
const HAS_VBMI: u8 = 16;

/// The bits of [`features`], from CPUID.
#[cold]
fn detect() -> u8 {
    #[allow(unused_mut)]
    let mut bits = DETECTED;
    #[cfg(target_arch = "x86_64")]
    {
        use std::is_x86_feature_detected as has;
        if has!("ssse3") {
            bits |= HAS_SSSE3;
        }
        if has!("popcnt") {
            bits |= HAS_POPCNT;
        }
        if has!("avx512f") && has!("avx512bw") && has!("avx512vl") && has!("popcnt") {
            bits |= HAS_AVX512;
            if has!("avx512vbmi2") {
                bits |= HAS_VBMI2;
            }
            if has!("avx512vbmi") {
                bits |= HAS_VBMI;
            }
        }
    }
    bits
}

/// Whether the wide check can run on this CPU (SSSE3).
#[inline(always)]
pub(super) fn available() -> bool {
    features() & HAS_SSSE3 != 0
}

/// The scanner without a wide check: the byte table walk.
pub(super) const SCALAR: u8 = 0;
/// The scanner with the SSSE3 wide check, 16 bytes a block.
pub(super) const SSSE3: u8 = 1;
/// The scanner with the AVX-512 wide check, 64 bytes a block.
pub(super) const AVX512: u8 = 2;
/// The same, with the line check's UTF-8 classes by AVX-512 VBMI (only a level of
/// [`scan_wide`]: the scanner's walk is [`AVX512`]'s).
pub(super) const AVX512_VBMI: u8 = 3;

/// The widest check the CPU has: [`AVX512_VBMI`], [`AVX512`], [`SSSE3`] or [`SCALAR`], a CPU of
/// each having what the ones below it need too.
#[inline(always)]
pub(super) fn widest() -> u8 {
    let features = features();
    if features & HAS_SSSE3 == 0 {
        SCALAR
    } else if features & HAS_AVX512 == 0 {
        SSSE3
    } else if features & HAS_VBMI == 0 {
        AVX512
    } else {
        AVX512_VBMI
    }
}

/// Whether the CPU has AVX-512 F, BW and VL, and POPCNT, for the 64-byte wide check.
#[inline(always)]
fn has_avx512_bw() -> bool {
    features() & HAS_AVX512 != 0
}

/// The scanner with the wide check `wide`. Must only be called with `wide` at most
/// [`widest`]: the CPU must have it.
#[inline]
pub(super) fn scan_wide(input: &[u8], grammar: Grammar, wide: u8) -> Result<Positions, Error> {
    #[cfg(target_arch = "x86_64")]
    {
        match wide {
            // SAFETY: the caller checked `widest()`, so this CPU has AVX-512 F, BW and VL, and
            // POPCNT.
            AVX512 => unsafe { x86::scan_avx512(input, grammar) },
            // SAFETY: the caller checked `widest()`, so this CPU has AVX-512 F, BW, VL and VBMI,
            // and POPCNT.
            AVX512_VBMI => unsafe { x86::scan_avx512_vbmi(input, grammar) },
            // SAFETY: the caller checked `widest()`, so this CPU has SSSE3.
            SSSE3 => unsafe { x86::scan(input, grammar) },
            _ => Scanner::<SCALAR>::new(input, grammar).scan(),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = wide;
        Scanner::<SCALAR>::new(input, grammar).scan()
    }
}

/// Returns the first offset from `i` at which a byte lacks the class bit `literal` (one bit), or
/// `end`; or `i` itself when `end < 16`, for the scalar walk to go on from.
#[inline(always)]
pub(super) fn skip<const WIDE: u8>(b: &[u8], i: usize, end: usize, literal: u16) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        let bit = literal.trailing_zeros() as usize;
        if WIDE == AVX512 {
            // SAFETY: `skip::<AVX512>` is reached only from `Scanner::<AVX512>`, which only
            // `x86::scan_avx512` builds, and that function is compiled with AVX-512 F, BW and VL
            // and called only when the CPU has them.
            unsafe { x86::skip_avx512(b, i, end, bit) }
        } else {
            // SAFETY: `skip::<SSSE3>` is reached only from `Scanner::<SSSE3>`, which only
            // `x86::scan` builds, and that function is compiled with SSSE3 and called only when
            // the CPU has it.
            unsafe { x86::skip(b, i, end, bit) }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (b, end, literal);
        i
    }
}

/// For a component that admits `ucschar` (and `iprivate` if `private`): from `i`, skips bytes
/// that are literal (class bit `literal`) or >= 0x80, 16 (or 64) at a time, and checks every
/// non-ASCII code point among them, in order, with `super::code_point`; `Err` with the offset of
/// the first one that is not admitted. Returns an offset up to which all was accepted, at the
/// first ASCII byte that is not literal or at `end`; or `i` itself when `i < 3` or `end < 19` (a
/// block reads the 3 bytes before it), for the scalar walk to go on from.
///
/// One sweep finds where the run of literal and non-ASCII bytes stops, instead of leaving the
/// wide check at every switch between the two, as text in most scripts would make it do; only
/// the leads that `UTF8_LEAD_NIBBLE_*` and `UTF8_SECOND_BYTE_LEADS` do not decide go to the DFA.
#[inline(always)]
pub(super) fn skip_unicode<const WIDE: u8>(
    b: &[u8],
    i: usize,
    end: usize,
    literal: u16,
    private: bool,
) -> Result<usize, usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if WIDE == AVX512 {
            // SAFETY: as for `skip`: only `Scanner::<AVX512>`, compiled with AVX-512, reaches
            // this.
            unsafe { x86::skip_unicode_avx512(b, i, end, literal, private) }
        } else {
            // SAFETY: as for `skip`: only `Scanner::<SSSE3>`, compiled with SSSE3, reaches this.
            unsafe { x86::skip_unicode(b, i, end, literal, private) }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (b, end, literal, private);
        Ok(i)
    }
}

/// Whether `b` is all ASCII ([`super::is_ascii`]).
#[inline]
pub(super) fn is_ascii(b: &[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if has_avx512_bw() {
            // SAFETY: the CPU has AVX-512 F, BW and VL (`has_avx512_bw`).
            return unsafe { x86::is_ascii_avx512(b) };
        }
        x86::is_ascii(b)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        b.is_ascii()
    }
}

/// Appends `s` to `out` with each octet >= 0x80 written as its `%HH` triplet, uppercase
/// (3987bis 3.3), 64 octets at a time with AVX-512 (VBMI and VBMI2), else 16 with SSSE3 (and POPCNT);
/// `None`, with nothing written, where the CPU lacks them (the caller then takes
/// `map::pct::push_encoding_portable`, the reference the tests compare this with). Every byte
/// written is ASCII. The encoders count the non-ASCII octets as they go, a block at a time, and
/// grow `out` only when a block would not fit: a caller that reserved the result's length (and,
/// for SSSE3, 32 bytes more) has no reallocation and no second pass to count.
#[inline]
pub(crate) fn push_percent_encoded(out: &mut Vec<u8>, s: &[u8]) -> Option<()> {
    push_percent_encoded_by(Encoder::Best, out, s)
}

/// Which wide encoder [`push_percent_encoded_by`] uses: the best the CPU has, or one of them, for
/// the tests to compare each with the portable one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoder {
    /// The widest the CPU has.
    Best,
    /// SSSE3 and POPCNT.
    Ssse3,
    /// AVX-512 with VBMI (byte permutes) and VBMI2 (byte compression).
    Avx512,
}

/// [`push_percent_encoded`] by the encoder `which`; `None`, with nothing written, where the CPU
/// lacks what it needs.
#[inline]
pub(crate) fn push_percent_encoded_by(which: Encoder, out: &mut Vec<u8>, s: &[u8]) -> Option<()> {
    #[cfg(target_arch = "x86_64")]
    {
        if which != Encoder::Ssse3 && has_avx512_vbmi2_vbmi() {
            // SAFETY: the CPU has AVX-512 F, BW, VL, VBMI and VBMI2 (`has_avx512_vbmi2_vbmi`).
            unsafe { x86::push_percent_encoded_avx512(out, s) };
            return Some(());
        }
        if which != Encoder::Avx512 && available() && has_popcnt() {
            // SAFETY: the CPU has SSSE3 (`available`) and POPCNT (`has_popcnt`).
            unsafe { x86::push_percent_encoded(out, s) };
            return Some(());
        }
    }
    let _ = (which, out, s);
    None
}

/// Whether the CPU has [`has_avx512_bw`], VBMI and VBMI2: the AVX-512 encoder and the split of
/// hosts (`scan::host_points`).
#[inline(always)]
fn has_avx512_vbmi2_vbmi() -> bool {
    features() & (HAS_VBMI | HAS_VBMI2) == HAS_VBMI | HAS_VBMI2
}

/// Whether the CPU has POPCNT.
#[inline(always)]
fn has_popcnt() -> bool {
    features() & HAS_POPCNT != 0
}

/// The line masks of `b` (at most `64 * W` bytes) as the AVX-512 builders make them, where the
/// CPU has AVX-512: for the tests and the fuzz target, which compare them with the portable ones.
/// The UTF-8 masks of `Utf8Masks::portable::<false>`, and of `portable::<true>` where the CPU
/// has VBMI too.
#[cfg(any(test, feature = "internals"))]
#[allow(clippy::type_complexity)]
pub(super) fn line_masks_wide<const W: usize>(
    b: &[u8],
) -> Option<(
    super::line::LineMasks<W>,
    super::line::Utf8Masks<W>,
    Option<super::line::Utf8Masks<W>>,
)> {
    assert!(b.len() <= 64 * W);
    #[cfg(target_arch = "x86_64")]
    {
        if has_avx512_bw() {
            // SAFETY: the CPU has AVX-512 F, BW and VL (`has_avx512_bw`), and VBMI where
            // `has_avx512_vbmi` says so; `b` is at most `64 * W` bytes (asserted).
            return Some(unsafe {
                (
                    x86::line_masks_avx512(b),
                    x86::utf8_masks_avx512(b),
                    has_avx512_vbmi().then(|| x86::utf8_masks_avx512_vbmi(b)),
                )
            });
        }
    }
    None
}

/// Whether the CPU has [`has_avx512_bw`] and VBMI.
#[cfg(any(test, feature = "internals"))]
#[inline(always)]
fn has_avx512_vbmi() -> bool {
    features() & (HAS_AVX512 | HAS_VBMI) == HAS_AVX512 | HAS_VBMI
}

/// `map::punycode::encode_portable` compiled for POPCNT, which its population counts become, and
/// with AVX-512 its sort by sorting networks; the label back, with nothing done, where the CPU
/// lacks POPCNT.
#[inline]
pub(crate) fn punycode_encode<'a>(
    label: Label<'a>,
    out: &mut Vec<u8>,
    room: usize,
) -> Result<bool, Label<'a>> {
    #[cfg(target_arch = "x86_64")]
    {
        if has_avx512_bw() {
            // SAFETY: the CPU has AVX-512 F, BW and VL, and POPCNT (`has_avx512_bw`).
            return Ok(unsafe { x86::punycode_encode_avx512(label, out, room) });
        }
        if has_popcnt() {
            // SAFETY: the CPU has POPCNT (`has_popcnt`).
            return Ok(unsafe { x86::punycode_encode(label, out, room) });
        }
    }
    let _ = (out, room);
    Err(label)
}

/// The number of octets >= 0x80 in `s`.
#[inline]
pub(crate) fn count_non_ascii(s: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if has_avx512_bw() {
            // SAFETY: the CPU has AVX-512 F, BW and VL (`has_avx512_bw`).
            return unsafe { x86::count_non_ascii_avx512(s) };
        }
        x86::count_non_ascii(s)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        s.iter().filter(|&&b| b >= 0x80).count()
    }
}

/// The bytes of a URI being built, all ASCII whatever is done to them: the percent-encoders
/// write only ASCII, whatever their input, and any other bytes appended are checked, so the
/// result becomes a `String` without a pass over it. That pass read back what the encoder's
/// masked stores had just written, which stalls: 4% of `to_uri` on the IRI corpus.
pub(crate) struct AsciiBytes(Vec<u8>);

impl AsciiBytes {
    /// Empty, with room for `capacity` bytes.
    #[inline]
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        AsciiBytes(Vec::with_capacity(capacity))
    }

    /// Appends `s` with each octet >= 0x80 written as its `%HH` triplet: [`push_percent_encoded`],
    /// else `map::pct::push_encoding_portable`. Both write an octet below 0x80 as itself and the
    /// others as "%" and two hex digits: ASCII only.
    #[inline]
    pub(crate) fn push_encoded(&mut self, s: &[u8]) {
        if push_percent_encoded(&mut self.0, s).is_none() {
            crate::map::pct::push_encoding_portable(&mut self.0, s);
        }
    }

    /// Appends what `write` appends to the bytes, when it returns `Ok` and all of it is ASCII;
    /// nothing when it returns `Err`, or panics (the bytes are cut back to where they were).
    /// Panics when it appends a byte that is not ASCII.
    #[inline]
    pub(crate) fn push_checked<E>(
        &mut self,
        write: impl FnOnce(&mut Vec<u8>) -> Result<(), E>,
    ) -> Result<(), E> {
        /// Cuts the bytes back to `start` when dropped, unless `start` was moved past them.
        struct Guard<'a> {
            bytes: &'a mut Vec<u8>,
            start: usize,
        }
        impl Drop for Guard<'_> {
            fn drop(&mut self) {
                self.bytes.truncate(self.start);
            }
        }
        let start = self.0.len();
        let mut guard = Guard {
            bytes: &mut self.0,
            start,
        };
        write(&mut *guard.bytes)?;
        assert!(is_ascii(&guard.bytes[start..]), "a URI is ASCII");
        // Kept: cutting back to past the end leaves the bytes as they are.
        guard.start = usize::MAX;
        Ok(())
    }

    /// Appends `s`, which must be ASCII (a short piece such as a scheme and "//", where the
    /// encoder's trip costs more than a copy). Panics when it is not.
    #[inline]
    pub(crate) fn push_ascii(&mut self, s: &[u8]) {
        // The standard test, inlined, not `is_ascii` above: a few bytes are not worth its call.
        assert!(s.is_ascii(), "a URI is ASCII");
        self.0.extend_from_slice(s);
    }

    /// The bytes as a `String`.
    #[inline]
    pub(crate) fn into_string(self) -> String {
        // SAFETY: every byte is ASCII: `push_encoded` writes only ASCII, `push_ascii` appends only
        // ASCII (it panics before it appends anything else), and `push_checked`
        // keeps only ASCII (it cuts back what it does not keep, on an error and on a panic);
        // nothing else appends to the bytes. ASCII is valid UTF-8.
        unsafe { String::from_utf8_unchecked(self.0) }
    }
}

/// Bit k set when `b[at + k]` is "." and `b[at + k - 1]` is "/", for k in 0..16: where dot
/// segments may start (RFC 3986 5.2.4), for `resolve::has_dot_segment_in`. SSE2, which every
/// x86-64 has; the byte walk elsewhere.
///
/// # Panics
/// Unless `1 <= at` and `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn slash_dot_pairs(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        let dots = sse2::equal(sse2::load(b, at), b'.');
        let slashes = sse2::equal(sse2::load(b, at - 1), b'/');
        sse2::mask(sse2::and(dots, slashes))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        slash_dot_pairs_portable(b, at)
    }
}

/// Bit k set when `b[at + k]` and `b[at + k - 1]` are both "-", for k in 0..16: where the "xn--"
/// of an ACE label may end (RFC 5890 2.3.2.1), for `normalize::is_normal`. SSE2 on x86-64.
///
/// # Panics
/// Unless `1 <= at` and `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn hyphen_pairs(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        let this = sse2::equal(sse2::load(b, at), b'-');
        let before = sse2::equal(sse2::load(b, at - 1), b'-');
        sse2::mask(sse2::and(this, before))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        hyphen_pairs_portable(b, at)
    }
}

/// Bit k set when `b[at + k]` is not ASCII, for k in 0..16. SSE2 on x86-64.
///
/// # Panics
/// Unless `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn non_ascii(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::mask(sse2::load(b, at))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        non_ascii_portable(b, at)
    }
}

/// [`hyphen_pairs`] a byte at a time: the reference the tests compare it with.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn hyphen_pairs_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| {
        m | (u32::from(b[at + k] == b'-' && b[at + k - 1] == b'-') << k)
    })
}

/// [`non_ascii`] a byte at a time: the reference the tests compare it with.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn non_ascii_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| m | (u32::from(b[at + k] >= 0x80) << k))
}

/// Bit k set when `b[at + k]` is a "%" that may start a triplet to normalize (3987bis 5.3.2.1,
/// 5.3.2.3), for k in 0..16: all but those whose digits are in the window and read `[89A-F]`
/// then `[0-9A-F]`, the uppercase triplets of non-ASCII octets, which most percent-encodings of
/// IRIs are and which no normalization changes. SSE2 on x86-64.
///
/// # Panics
/// Unless `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn percent_to_check(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use sse2::{load, mask, or, within};
        let v = load(b, at);
        let upper_hex = within(v, b'A', b'F');
        let first = mask(or(within(v, b'8', b'9'), upper_hex));
        let second = mask(or(within(v, b'0', b'9'), upper_hex));
        mask(sse2::equal(v, b'%')) & !((first >> 1) & (second >> 2))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        percent_to_check_portable(b, at)
    }
}

/// [`percent_to_check`] a byte at a time: the reference the tests compare it with.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn percent_to_check_portable(b: &[u8], at: usize) -> u32 {
    let fine = |k: usize| {
        k + 2 < 16
            && matches!(b[at + k + 1], b'8' | b'9' | b'A'..=b'F')
            && matches!(b[at + k + 2], b'0'..=b'9' | b'A'..=b'F')
    };
    (0..16).fold(0, |m, k| {
        m | (u32::from(b[at + k] == b'%' && !fine(k)) << k)
    })
}

/// Bit k set when `b[at + k]` is an ASCII uppercase letter, for k in 0..16: what case
/// normalization (3987bis 5.3.2.1) would change in a scheme or host. SSE2 on x86-64.
///
/// # Panics
/// Unless `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn ascii_uppercase(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::mask(sse2::within(sse2::load(b, at), b'A', b'Z'))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        ascii_uppercase_portable(b, at)
    }
}

/// [`ascii_uppercase`] a byte at a time: the reference the tests compare it with.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn ascii_uppercase_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| {
        m | (u32::from(b[at + k].is_ascii_uppercase()) << k)
    })
}

/// [`slash_dot_pairs`] a byte at a time: the reference the tests compare it with.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn slash_dot_pairs_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| {
        m | (u32::from(b[at + k] == b'.' && b[at + k - 1] == b'/') << k)
    })
}

/// The few SSE2 operations of the window masks above (SSE2 is part of x86-64: no detection).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::*;

    /// The 16 bytes of `b` at `at`; panics unless `at + 16 <= b.len()`.
    #[inline(always)]
    pub(super) fn load(b: &[u8], at: usize) -> __m128i {
        let w: &[u8; 16] = b[at..at + 16].try_into().expect("16 bytes");
        // SAFETY: `w` is 16 readable bytes; the load is unaligned; SSE2 is baseline on x86-64.
        unsafe { _mm_loadu_si128(w.as_ptr().cast()) }
    }

    /// 0xFF in the bytes of `v` equal to `byte`.
    #[inline(always)]
    pub(super) fn equal(v: __m128i, byte: u8) -> __m128i {
        // SAFETY: SSE2 is baseline on x86-64.
        unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8)) }
    }

    /// 0xFF in the bytes of `v` from `lo` to `hi`, both ASCII (signed compares: bytes >= 0x80
    /// are negative, below both).
    #[inline(always)]
    pub(super) fn within(v: __m128i, lo: u8, hi: u8) -> __m128i {
        debug_assert!(0 < lo && hi < 0x7F);
        // SAFETY: SSE2 is baseline on x86-64.
        unsafe {
            _mm_and_si128(
                _mm_cmpgt_epi8(v, _mm_set1_epi8(lo as i8 - 1)),
                _mm_cmpgt_epi8(_mm_set1_epi8(hi as i8 + 1), v),
            )
        }
    }

    #[inline(always)]
    pub(super) fn and(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is baseline on x86-64.
        unsafe { _mm_and_si128(a, b) }
    }

    #[inline(always)]
    pub(super) fn or(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is baseline on x86-64.
        unsafe { _mm_or_si128(a, b) }
    }

    /// Bit k: the top bit of byte k.
    #[inline(always)]
    pub(super) fn mask(v: __m128i) -> u32 {
        // SAFETY: SSE2 is baseline on x86-64.
        unsafe { _mm_movemask_epi8(v) as u32 }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Error, Grammar, Label, Positions, Scanner};
    use crate::scan::code_point;
    use crate::scan::line::{self, LineMasks, Utf8Masks, MAX_LINE};
    use crate::tables::{
        ascii, class, NIBBLE_HI, NIBBLE_LO, UTF8_LEAD_NIBBLE_HI, UTF8_LEAD_NIBBLE_LO,
    };
    use std::arch::x86_64::*;

    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn scan(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
        Scanner::<{ super::SSSE3 }>::new(input, grammar).scan()
    }

    #[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt")]
    pub(super) unsafe fn scan_avx512(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
        // SAFETY: the CPU has AVX-512 F and BW (this function's contract).
        match unsafe { line_scan_any::<false>(input, grammar) } {
            Some(p) => Ok(p),
            None => Scanner::<{ super::AVX512 }>::new(input, grammar).scan(),
        }
    }

    /// `scan_avx512` with the line check's UTF-8 classes by VBMI.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,popcnt")]
    pub(super) unsafe fn scan_avx512_vbmi(
        input: &[u8],
        grammar: Grammar,
    ) -> Result<Positions, Error> {
        // SAFETY: the CPU has AVX-512 F, BW and VBMI (this function's contract).
        match unsafe { line_scan_any::<true>(input, grammar) } {
            Some(p) => Ok(p),
            // SAFETY: the CPU has AVX-512 F, BW and VL, and POPCNT (this function's contract).
            None => unsafe { walk_avx512(input, grammar) },
        }
    }

    /// The scanner's walk with the AVX-512 wide check, apart: for `scan_avx512_vbmi`, whose line
    /// check takes most inputs.
    #[inline(never)]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt")]
    unsafe fn walk_avx512(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
        Scanner::<{ super::AVX512 }>::new(input, grammar).scan()
    }

    /// `line_masks`, compiled for AVX-512.
    #[cfg(any(test, feature = "internals"))]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    pub(super) unsafe fn line_masks_avx512<const W: usize>(b: &[u8]) -> LineMasks<W> {
        // SAFETY: as this function's contract.
        unsafe { line_masks(b) }
    }

    /// `utf8_masks` without VBMI, compiled for AVX-512.
    #[cfg(any(test, feature = "internals"))]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    pub(super) unsafe fn utf8_masks_avx512<const W: usize>(b: &[u8]) -> Utf8Masks<W> {
        // SAFETY: as this function's contract.
        unsafe { utf8_masks::<W, false>(b) }
    }

    /// `utf8_masks` with VBMI, compiled for AVX-512 and VBMI.
    #[cfg(any(test, feature = "internals"))]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi")]
    pub(super) unsafe fn utf8_masks_avx512_vbmi<const W: usize>(b: &[u8]) -> Utf8Masks<W> {
        // SAFETY: as this function's contract.
        unsafe { utf8_masks::<W, true>(b) }
    }

    /// `line_scan` with the number of 64-byte words `input` needs; `None` for an input longer
    /// than `MAX_LINE`.
    ///
    /// # Safety
    /// The CPU has AVX-512 F and BW, and VBMI when `VBMI`.
    #[inline(always)]
    unsafe fn line_scan_any<const VBMI: bool>(input: &[u8], grammar: Grammar) -> Option<Positions> {
        // SAFETY: as this function's contract, and each input is at most `64 * W` bytes.
        unsafe {
            match input.len() {
                0..=64 => line_scan::<1, VBMI>(input, grammar),
                65..=128 => line_scan::<2, VBMI>(input, grammar),
                129..=192 => line_scan::<3, VBMI>(input, grammar),
                193..=256 => line_scan::<4, VBMI>(input, grammar),
                257..=MAX_LINE => line_scan::<8, VBMI>(input, grammar),
                _ => None,
            }
        }
    }

    /// `line::scan` of `b` with its masks; the UTF-8 masks only when it has a byte >= 0x80, by
    /// VBMI when `VBMI`.
    ///
    /// # Safety
    /// The CPU has AVX-512 F and BW, and VBMI when `VBMI`; `b` is at most `64 * W` bytes.
    #[inline(always)]
    unsafe fn line_scan<const W: usize, const VBMI: bool>(
        b: &[u8],
        grammar: Grammar,
    ) -> Option<Positions> {
        // SAFETY: as this function's contract.
        let m = unsafe { line_masks::<W>(b) };
        if m.high.iter().any(|&h| h != 0) {
            // SAFETY: as this function's contract.
            let u = unsafe { utf8_masks::<W, VBMI>(b) };
            line::scan(b, grammar, &m, Some(&u))
        } else {
            line::scan(b, grammar, &m, None)
        }
    }

    /// Block `w` of `b`: the (up to) 64 bytes at `64 * w`, by one masked load, zeros past `b`.
    ///
    /// # Safety
    /// The CPU has AVX-512 F and BW.
    #[inline(always)]
    unsafe fn line_block(b: &[u8], w: usize) -> __m512i {
        // SAFETY: as this function's contract.
        unsafe { line_block_at(b, 64 * w) }
    }

    /// The (up to) 64 bytes of `b` at `at`, by one masked load, zeros past `b`.
    ///
    /// # Safety
    /// The CPU has AVX-512 F and BW.
    #[inline(always)]
    unsafe fn line_block_at(b: &[u8], at: usize) -> __m512i {
        let n = b.len().saturating_sub(at).min(64);
        // SAFETY: the masked load reads the `n` bytes at `at`, which are in `b` (`at + n <=
        // b.len()` when `n > 0`), and no other (none when `n` = 0: the pointer, then maybe past
        // `b`, is not read); unaligned.
        unsafe { _mm512_maskz_loadu_epi8(first_bits(n), b.as_ptr().wrapping_add(at).cast()) }
    }

    /// [`LineMasks`] 64 bytes a block. The same masks as `LineMasks::portable` (tested).
    ///
    /// # Safety
    /// The CPU has AVX-512 F and BW, and `b` is at most `64 * W` bytes.
    #[inline(always)]
    pub(super) unsafe fn line_masks<const W: usize>(b: &[u8]) -> LineMasks<W> {
        debug_assert!(b.len() <= 64 * W);
        let byte = |x: u8| _mm512_set1_epi8(x as i8);
        let lo = |bit: u16| NIBBLE_LO[bit.trailing_zeros() as usize];
        // SAFETY: the tables are 16 bytes each, read unaligned.
        let (query_lo, scheme_lo, hexdig_lo, nibble_hi) = unsafe {
            (
                table512(&lo(class::QUERY)),
                table512(&lo(class::SCHEME)),
                table512(&lo(class::HEXDIG)),
                table512(&NIBBLE_HI),
            )
        };
        let mut m = LineMasks {
            query: [0; W],
            scheme: [0; W],
            hexdig: [0; W],
            percent: [0; W],
            colon: [0; W],
            slash: [0; W],
            question: [0; W],
            hash: [0; W],
            at: [0; W],
            high: [0; W],
        };
        for w in 0..W {
            // SAFETY: the CPU has AVX-512 (the caller's contract).
            let v = unsafe { line_block(b, w) };
            let high = _mm512_shuffle_epi8(
                nibble_hi,
                _mm512_and_si512(_mm512_srli_epi16(v, 4), byte(0x0F)),
            );
            // pshufb gives 0 where the index byte has its top bit set: bytes >= 0x80 are in no
            // class.
            let class = |lo: __m512i| _mm512_test_epi8_mask(_mm512_shuffle_epi8(lo, v), high);
            let eq = |x: u8| _mm512_cmpeq_epi8_mask(v, byte(x));
            m.query[w] = class(query_lo);
            m.scheme[w] = class(scheme_lo);
            m.hexdig[w] = class(hexdig_lo);
            m.percent[w] = eq(b'%');
            m.colon[w] = eq(b':');
            m.slash[w] = eq(b'/');
            m.question[w] = eq(b'?');
            m.hash[w] = eq(b'#');
            m.at[w] = eq(b'@');
            m.high[w] = _mm512_movepi8_mask(v);
        }
        m
    }

    /// [`Utf8Masks`] 64 bytes a block, its odd leads by VBMI or not: the same masks as
    /// `Utf8Masks::portable::<VBMI>` (tested).
    ///
    /// # Safety
    /// The CPU has AVX-512 F and BW, and VBMI when `VBMI`; `b` is at most `64 * W` bytes.
    #[inline(always)]
    pub(super) unsafe fn utf8_masks<const W: usize, const VBMI: bool>(b: &[u8]) -> Utf8Masks<W> {
        debug_assert!(b.len() <= 64 * W);
        let byte = |x: u8| _mm512_set1_epi8(x as i8);
        // SAFETY: the tables are 16 or 64 bytes each, read unaligned.
        let (lead_lo, lead_hi, odd_lead, odd_second, odd_third) = unsafe {
            (
                table512(&UTF8_LEAD_NIBBLE_LO),
                table512(&UTF8_LEAD_NIBBLE_HI),
                _mm512_loadu_si512(line::ODD_LEAD.as_ptr().cast()),
                _mm512_loadu_si512(line::ODD_SECOND.as_ptr().cast()),
                _mm512_loadu_si512(line::ODD_THIRD.as_ptr().cast()),
            )
        };
        let mut m = Utf8Masks {
            misplaced: 0,
            odd: [0; W],
        };
        // The leads of the block before, from 0xE0 and from 0xF0, whose needs run into this one.
        let mut before = (0u64, 0u64, 0u64);
        let mut blocks = [_mm512_setzero_si512(); W];
        for (w, block) in blocks.iter_mut().enumerate() {
            // SAFETY: the CPU has AVX-512 (the caller's contract).
            *block = unsafe { line_block(b, w) };
        }
        // The `vpermt2b` indices of the 64 bytes 1 and 2 on from a block's start, in the block
        // and the next.
        const LANES: [u8; 66] = {
            let mut t = [0; 66];
            let mut j = 0;
            while j < 66 {
                t[j] = j as u8;
                j += 1;
            }
            t
        };
        // SAFETY: `LANES` has 64 bytes from 1 and from 2, read unaligned.
        let (up1, up2) = unsafe {
            (
                _mm512_loadu_si512(LANES[1..].as_ptr().cast()),
                _mm512_loadu_si512(LANES[2..].as_ptr().cast()),
            )
        };
        for w in 0..W {
            let v = blocks[w];
            let next = if w + 1 < W {
                blocks[w + 1]
            } else {
                _mm512_setzero_si512()
            };
            // The bytes 1 and 2 on (0 past `b`, as the blocks are); `vpermt2b` needs VBMI (the
            // caller's contract).
            let v1 = if VBMI {
                _mm512_permutex2var_epi8(v, up1, next)
            } else {
                // SAFETY: the CPU has AVX-512 (the caller's contract).
                unsafe { line_block_at(b, 64 * w + 1) }
            };
            let eq = |x: u8| _mm512_cmpeq_epi8_mask(v, byte(x));
            let from = |x: u8| _mm512_cmpge_epu8_mask(v, byte(x));
            let leads = (from(0xC0), from(0xE0), from(0xF0));
            let needed = leads.0 << 1
                | before.0 >> 63
                | leads.1 << 2
                | before.1 >> 62
                | leads.2 << 3
                | before.2 >> 61;
            before = leads;
            // Signed, 0x80 to 0xBF are below -64.
            m.misplaced |= _mm512_cmplt_epi8_mask(v, byte(0xC0)) ^ needed;
            m.odd[w] = if VBMI {
                let v2 = _mm512_permutex2var_epi8(v, up2, next);
                // vpermb reads the low 6 bits of each index byte (and needs VBMI: the caller's
                // contract).
                let classes = _mm512_and_si512(
                    _mm512_permutexvar_epi8(v, odd_lead),
                    _mm512_permutexvar_epi8(v1, odd_second),
                );
                _mm512_mask_test_epi8_mask(leads.0, classes, _mm512_permutexvar_epi8(v2, odd_third))
            } else {
                let decided = _mm512_test_epi8_mask(
                    _mm512_shuffle_epi8(lead_lo, _mm512_and_si512(v, byte(0x0F))),
                    _mm512_shuffle_epi8(
                        lead_hi,
                        _mm512_and_si512(_mm512_srli_epi16(v, 4), byte(0x0F)),
                    ),
                );
                let second_upper = _mm512_cmpge_epu8_mask(v1, byte(0xA0));
                // ALM (0xD8 0x9C, `UTF8_EXCEPT_PAIRS`): the one sequence of lead 0xD8 the DFA
                // must see.
                let alm = _mm512_mask_cmpeq_epi8_mask(eq(0xD8), v1, byte(0x9C));
                leads.0 & !decided
                    | (eq(0xC2) | eq(0xE0)) & !second_upper
                    | eq(0xED) & second_upper
                    | alm
            };
        }
        m
    }

    /// The first `n` bits set, `n` from 0 to 64.
    #[inline(always)]
    fn first_bits(n: usize) -> u64 {
        if n >= 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }

    /// A 16-byte table in each lane of a 64-byte vector, for per-lane shuffles.
    ///
    /// # Safety
    /// The CPU has AVX-512 F.
    #[inline(always)]
    unsafe fn table512(t: &[u8; 16]) -> __m512i {
        // SAFETY: `t` is 16 bytes, read unaligned.
        unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())) }
    }

    /// `skip` 64 bytes a block: each block read by a masked load up to `end`, so the last needs
    /// no overlap with the one before. The same results as `skip` (the tests and the
    /// `fast_vs_scalar` fuzz target compare the scanners).
    #[inline(always)]
    pub(super) unsafe fn skip_avx512(b: &[u8], mut i: usize, end: usize, bit: usize) -> usize {
        let end = end.min(b.len());
        if i >= end || end < 16 {
            return i;
        }
        // SAFETY: the CPU has AVX-512 (the caller's contract).
        let (lo_table, hi_table) = unsafe { (table512(&NIBBLE_LO[bit]), table512(&NIBBLE_HI)) };
        let nibble = _mm512_set1_epi8(0x0F);
        while i < end {
            let n = (end - i).min(64);
            // SAFETY: the masked load reads the `n` bytes at `i`, `i + n <= end <= b.len()`,
            // and no other; unaligned.
            let v = unsafe { _mm512_maskz_loadu_epi8(first_bits(n), b.as_ptr().add(i).cast()) };
            // pshufb gives 0 where the index byte has its top bit set: bytes >= 0x80 miss.
            let lo = _mm512_shuffle_epi8(lo_table, v);
            let hi =
                _mm512_shuffle_epi8(hi_table, _mm512_and_si512(_mm512_srli_epi16(v, 4), nibble));
            // The bytes past `n` were not read: they end the run.
            let miss = _mm512_testn_epi8_mask(lo, hi) | !first_bits(n);
            if miss != 0 {
                return i + miss.trailing_zeros() as usize;
            }
            i += 64;
        }
        i
    }

    /// The masks of the `n` bytes at `at` (and the 3 before it, and past them, zeros), as
    /// `block` makes them for 16, over 64; bits past `n` are of zero bytes (not literal, not
    /// high), with the structure of the byte after the last one read right.
    ///
    /// # Safety
    /// `3 <= at`, `n <= 64` and `at + n <= b.len()`, and the CPU has AVX-512 F, BW and VL.
    #[inline(always)]
    unsafe fn block512(b: &[u8], at: usize, n: usize, t: &Tables512) -> Block64 {
        debug_assert!(at >= 3 && n <= 64 && at + n <= b.len());
        // SAFETY: the masked loads read the `n` bytes at `at`, and the `n` + k bytes at `at - k`
        // (up to `at + n`), which the caller guarantees are in `b`, and no other; unaligned.
        let (v, v1, v2, v3) = unsafe {
            let p = b.as_ptr().add(at);
            (
                _mm512_maskz_loadu_epi8(first_bits(n), p.cast()),
                _mm512_maskz_loadu_epi8(first_bits(n + 1), p.sub(1).cast()),
                _mm512_maskz_loadu_epi8(first_bits(n + 2), p.sub(2).cast()),
                _mm512_maskz_loadu_epi8(first_bits(n + 3), p.sub(3).cast()),
            )
        };
        let nibble = _mm512_set1_epi8(0x0F);
        let low = _mm512_and_si512(v, nibble);
        let high = _mm512_and_si512(_mm512_srli_epi16(v, 4), nibble);
        let byte = |x: u8| _mm512_set1_epi8(x as i8);
        let lit = _mm512_and_si512(
            _mm512_shuffle_epi8(t.literal_lo, v),
            _mm512_shuffle_epi8(t.literal_hi, high),
        );
        let lead = _mm512_and_si512(
            _mm512_shuffle_epi8(t.lead_lo, low),
            _mm512_shuffle_epi8(t.lead_hi, high),
        );
        // As in `block`: continuation bytes are 0x80 to 0xBF, signed below -64.
        let cont = _mm512_cmpgt_epi8_mask(byte(0xC0), v);
        let needs = _mm512_or_si512(
            _mm512_subs_epu8(v1, byte(0xBF)),
            _mm512_or_si512(
                _mm512_subs_epu8(v2, byte(0xDF)),
                _mm512_subs_epu8(v3, byte(0xEF)),
            ),
        );
        let needs = _mm512_test_epi8_mask(needs, needs);
        let upper = _mm512_cmpgt_epi8_mask(v, byte(0x9F));
        let lower_after =
            _mm512_cmpeq_epi8_mask(v1, byte(0xC2)) | _mm512_cmpeq_epi8_mask(v1, byte(0xE0));
        let upper_after = _mm512_cmpeq_epi8_mask(v1, byte(0xED));
        // ALM (0xD8 0x9C, `UTF8_EXCEPT_PAIRS`): the one sequence of lead 0xD8 the DFA must see.
        let alm =
            _mm512_mask_cmpeq_epi8_mask(_mm512_cmpeq_epi8_mask(v1, byte(0xD8)), v, byte(0x9C));
        let high_bits = _mm512_movepi8_mask(v);
        Block64 {
            miss: _mm512_testn_epi8_mask(lit, lit),
            high: high_bits,
            bad_structure: needs ^ cont,
            undecided: _mm512_testn_epi8_mask(lead, lead) & high_bits & !cont,
            bad_second: (lower_after & !upper) | (upper & upper_after) | alm,
        }
    }

    /// `Block` over 64 bytes.
    struct Block64 {
        miss: u64,
        high: u64,
        bad_structure: u64,
        undecided: u64,
        bad_second: u64,
    }

    /// `Tables`, each in every lane.
    struct Tables512 {
        literal_lo: __m512i,
        literal_hi: __m512i,
        lead_lo: __m512i,
        lead_hi: __m512i,
    }

    /// `skip_unicode` 64 bytes a block: each block read by masked loads up to `end`, which leave
    /// zeros past it (not literal: the run stops there), so blocks never overlap and need no
    /// shift. The same results as `skip_unicode` (the tests and the `fast_vs_scalar` fuzz target
    /// compare the scanners).
    #[inline(always)]
    pub(super) unsafe fn skip_unicode_avx512(
        b: &[u8],
        mut i: usize,
        end: usize,
        literal: u16,
        private: bool,
    ) -> Result<usize, usize> {
        let end = end.min(b.len());
        if i >= end || i < 3 || end < 19 {
            return Ok(i);
        }
        let bit = literal.trailing_zeros() as usize;
        // SAFETY: the CPU has AVX-512 (the caller's contract).
        let t = unsafe {
            Tables512 {
                literal_lo: table512(&NIBBLE_LO[bit]),
                literal_hi: table512(&NIBBLE_HI),
                lead_lo: table512(&UTF8_LEAD_NIBBLE_LO),
                lead_hi: table512(&UTF8_LEAD_NIBBLE_HI),
            }
        };
        let entry = i;
        // As in `skip_unicode`: `i` is at a sequence boundary, or inside a sequence whose lead
        // the previous block checked; blocks follow each other without gap or overlap.
        while i < end {
            let n = (end - i).min(64);
            // SAFETY: `i >= 3`, `n <= 64`, `i + n <= end <= b.len()`.
            let m = unsafe { block512(b, i, n, &t) };
            let stop = m.miss & !m.high;
            // Past `n` the zeros stop the run: `stop` is 0 only when all 64 bytes are in it.
            let span = if stop != 0 {
                stop.trailing_zeros() as usize
            } else {
                64
            };
            let in_span = first_bits(span);
            // The structure of the span and of the byte after it (the zero after `end`, where
            // no sequence may be cut off); the byte after a whole block is the next block's.
            let cut = stop == 0
                && i + 64 == end
                && (b[end - 1] >= 0xC0 || b[end - 2] >= 0xE0 || b[end - 3] >= 0xF0);
            if m.bad_structure & first_bits(span + 1) != 0 || cut {
                return walk(b, last_lead(b, entry, i), end, literal, private);
            }
            // Bit k of `check` is the lead at `i + k - 1` (128 bits: a lead at the last byte).
            let check =
                (u128::from(m.undecided & in_span) << 1) | u128::from(m.bad_second & in_span);
            check_leads(b, i, check, end, private)?;
            if span < 64 {
                return Ok(i + span);
            }
            i += 64;
        }
        Ok(i)
    }

    #[target_feature(enable = "popcnt")]
    pub(super) unsafe fn punycode_encode(label: Label<'_>, out: &mut Vec<u8>, room: usize) -> bool {
        crate::map::punycode::encode_portable(label, out, room)
    }

    /// [`punycode_encode`] with the keys of a label of at most 16 (most labels) sorted by a
    /// bitonic network in one vector ([`sort4`] up to 4 keys, [`sort8`] up to 8, [`sort16`] past
    /// them): no loop whose end depends on the label (the encoder 57 to 42 ns a label on the IRI
    /// corpus's labels, alone). The encoding waits on the sort: the network of 4, half the
    /// stages of the network of 8, made `to_uri` on IRIs 1.7% faster.
    ///
    /// # Safety
    /// The CPU has AVX-512 F, BW and VL, and POPCNT.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt")]
    pub(super) unsafe fn punycode_encode_avx512(
        label: Label<'_>,
        out: &mut Vec<u8>,
        room: usize,
    ) -> bool {
        use crate::map::punycode::{encode_sorted_by, sort_by_rank};
        encode_sorted_by(label, out, room, |keys, sorted| {
            let n = keys.len();
            if n > 16 {
                return sort_by_rank(keys, sorted);
            }
            // The keys, and `u32::MAX` past them, which sorts last.
            // SAFETY: the masked load reads the `n` keys and no other; unaligned.
            let v = unsafe {
                _mm512_mask_loadu_epi32(
                    _mm512_set1_epi32(-1),
                    ((1u32 << n) - 1) as u16,
                    keys.as_ptr().cast(),
                )
            };
            let v = if n <= 4 {
                _mm512_castsi128_si512(sort4(_mm512_castsi512_si128(v)))
            } else if n <= 8 {
                _mm512_castsi256_si512(sort8(_mm512_castsi512_si256(v)))
            } else {
                sort16(v)
            };
            // SAFETY: `sorted` holds 63 `u32`; an unaligned store of 16.
            unsafe { _mm512_storeu_si512(sorted.as_mut_ptr().cast(), v) };
        })
    }

    /// The lanes that keep the larger of two at stage (k, j) of Batcher's bitonic sorting network
    /// of 16 lanes (k = 2, 4, 8, 16 and j = k / 2 down to 1), in which lane i meets lane i ^ j:
    /// those above their partner in an ascending run (i & k == 0), or below it in a descending
    /// one. For 8 lanes, the low 8 bits.
    const fn larger_lanes(k: usize, j: usize) -> u16 {
        let (mut lanes, mut i) = (0u16, 0);
        while i < 16 {
            if ((i & k) == 0) == (i > (i ^ j)) {
                lanes |= 1 << i;
            }
            i += 1;
        }
        lanes
    }

    /// The 8 `u32` of `v` in ascending order (the stages of [`larger_lanes`] up to k = 8). Each
    /// partner is found by a shuffle with an immediate, and each mask is one: the network reads
    /// no table (as fast as one that did, measured in place).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn sort8(mut v: __m256i) -> __m256i {
        macro_rules! stage {
            ($k:expr, $j:expr, $partner:expr) => {{
                let w = $partner;
                let (low, high) = (_mm256_min_epu32(v, w), _mm256_max_epu32(v, w));
                v = _mm256_mask_blend_epi32(const { larger_lanes($k, $j) as u8 }, low, high);
            }};
        }
        stage!(2, 1, _mm256_shuffle_epi32::<0b10_11_00_01>(v));
        stage!(4, 2, _mm256_shuffle_epi32::<0b01_00_11_10>(v));
        stage!(4, 1, _mm256_shuffle_epi32::<0b10_11_00_01>(v));
        stage!(8, 4, _mm256_permute4x64_epi64::<0b01_00_11_10>(v));
        stage!(8, 2, _mm256_shuffle_epi32::<0b01_00_11_10>(v));
        stage!(8, 1, _mm256_shuffle_epi32::<0b10_11_00_01>(v));
        v
    }

    /// The 4 `u32` of `v` in ascending order (the stages of [`larger_lanes`] up to k = 4), as
    /// [`sort8`]: half its stages, for the labels of at most 4 keys (55% of the IRI corpus's
    /// non-ASCII labels), whose encoding waits on the sort.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn sort4(mut v: __m128i) -> __m128i {
        macro_rules! stage {
            ($k:expr, $j:expr, $partner:expr) => {{
                let w = $partner;
                let (low, high) = (_mm_min_epu32(v, w), _mm_max_epu32(v, w));
                v = _mm_mask_blend_epi32(const { larger_lanes($k, $j) as u8 & 0xF }, low, high);
            }};
        }
        stage!(2, 1, _mm_shuffle_epi32::<0b10_11_00_01>(v));
        stage!(4, 2, _mm_shuffle_epi32::<0b01_00_11_10>(v));
        stage!(4, 1, _mm_shuffle_epi32::<0b10_11_00_01>(v));
        v
    }

    /// The 16 `u32` of `v` in ascending order (every stage of [`larger_lanes`]), as [`sort8`].
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn sort16(mut v: __m512i) -> __m512i {
        macro_rules! stage {
            ($k:expr, $j:expr, $partner:expr) => {{
                let w = $partner;
                let (low, high) = (_mm512_min_epu32(v, w), _mm512_max_epu32(v, w));
                v = _mm512_mask_blend_epi32(const { larger_lanes($k, $j) }, low, high);
            }};
        }
        stage!(2, 1, _mm512_shuffle_epi32::<0b10_11_00_01>(v));
        stage!(4, 2, _mm512_shuffle_epi32::<0b01_00_11_10>(v));
        stage!(4, 1, _mm512_shuffle_epi32::<0b10_11_00_01>(v));
        stage!(8, 4, _mm512_shuffle_i32x4::<0b10_11_00_01>(v, v));
        stage!(8, 2, _mm512_shuffle_epi32::<0b01_00_11_10>(v));
        stage!(8, 1, _mm512_shuffle_epi32::<0b10_11_00_01>(v));
        stage!(16, 8, _mm512_shuffle_i32x4::<0b01_00_11_10>(v, v));
        stage!(16, 4, _mm512_shuffle_i32x4::<0b10_11_00_01>(v, v));
        stage!(16, 2, _mm512_shuffle_epi32::<0b01_00_11_10>(v));
        stage!(16, 1, _mm512_shuffle_epi32::<0b10_11_00_01>(v));
        v
    }

    /// [`sort4`] of the first 4 of `v`, [`sort8`] of the first 8 and [`sort16`] of all 16, for
    /// the tests.
    ///
    /// # Safety
    /// The CPU has AVX-512 F and VL.
    #[cfg(test)]
    #[target_feature(enable = "avx512f,avx512vl")]
    pub(super) unsafe fn sort_networks(v: [u32; 16]) -> ([u32; 4], [u32; 8], [u32; 16]) {
        let (mut four, mut eight, mut sixteen) = ([0u32; 4], [0u32; 8], [0u32; 16]);
        // SAFETY: unaligned loads and stores of arrays of 4, 8 and 16 `u32`.
        unsafe {
            let wide = _mm512_loadu_si512(v.as_ptr().cast());
            _mm_storeu_si128(
                four.as_mut_ptr().cast(),
                sort4(_mm512_castsi512_si128(wide)),
            );
            _mm256_storeu_si256(
                eight.as_mut_ptr().cast(),
                sort8(_mm512_castsi512_si256(wide)),
            );
            _mm512_storeu_si512(sixteen.as_mut_ptr().cast(), sort16(wide));
        }
        (four, eight, sixteen)
    }

    /// Bit masks over a block of 16 bytes, bit k for byte k.
    struct Block {
        /// Not literal in the component (bytes >= 0x80 included).
        miss: u32,
        /// Bytes >= 0x80.
        high: u32,
        /// Bytes that are a continuation byte (0x80 to 0xBF) where no lead before them needs
        /// one, or that are not one where a lead needs it (RFC 3629 3): ill-formed UTF-8.
        bad_structure: u32,
        /// Leads that `UTF8_LEAD_NIBBLE_*` does not decide: the DFA must.
        undecided: u32,
        /// Second bytes that a lead of `UTF8_SECOND_BYTE_LEADS` does not take: the lead, one
        /// byte before, goes to the DFA.
        bad_second: u32,
    }

    /// The nibble tables: the component's literal bytes, and the leads of `UTF8_LEAD_NIBBLE_*`.
    #[derive(Clone, Copy)]
    struct Tables {
        literal_lo: __m128i,
        literal_hi: __m128i,
        lead_lo: __m128i,
        lead_hi: __m128i,
    }

    /// The masks of the 16 bytes at `at`, shifted right by `shift` (the bytes before `i`).
    ///
    /// # Safety
    /// `3 <= at` and `at + 16 <= b.len()`, and the CPU has SSSE3.
    #[inline(always)]
    unsafe fn block(b: &[u8], at: usize, shift: usize, t: Tables) -> Block {
        debug_assert!(at >= 3 && at + 16 <= b.len());
        // SAFETY: the caller guarantees 16 readable bytes at `at` and 3 before it; the loads are
        // unaligned.
        let (v, v1, v2, v3) = unsafe {
            let p = b.as_ptr().add(at);
            (
                _mm_loadu_si128(p.cast()),
                _mm_loadu_si128(p.sub(1).cast()),
                _mm_loadu_si128(p.sub(2).cast()),
                _mm_loadu_si128(p.sub(3).cast()),
            )
        };
        let low = _mm_and_si128(v, _mm_set1_epi8(0x0F));
        let high = _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F));
        let zero = _mm_setzero_si128();
        let byte = |x: u8| _mm_set1_epi8(x as i8);
        let mask = |m: __m128i| (_mm_movemask_epi8(m) as u32) >> shift;
        // pshufb gives 0 where the index byte has its top bit set: bytes >= 0x80 get lo = 0.
        let lit = _mm_and_si128(
            _mm_shuffle_epi8(t.literal_lo, v),
            _mm_shuffle_epi8(t.literal_hi, high),
        );
        let lead = _mm_and_si128(
            _mm_shuffle_epi8(t.lead_lo, low),
            _mm_shuffle_epi8(t.lead_hi, high),
        );
        // Signed, 0x80 to 0xBF are -128 to -65.
        let cont = _mm_cmpgt_epi8(byte(0xC0), v);
        // A byte continues a sequence when the byte before it is a lead (>= 0xC0), or the one
        // two before leads 3 or 4 bytes (>= 0xE0), or the one three before leads 4 (>= 0xF0):
        // saturating subtraction leaves a non-zero below 0x80 exactly then.
        let needs = _mm_or_si128(
            _mm_subs_epu8(v1, byte(0xBF)),
            _mm_or_si128(_mm_subs_epu8(v2, byte(0xDF)), _mm_subs_epu8(v3, byte(0xEF))),
        );
        let needs = _mm_cmpgt_epi8(needs, zero);
        // 0xA0 and up among continuation bytes (signed: -96 and up; ASCII too, but a lead
        // followed by ASCII is already bad structure).
        let upper = _mm_cmpgt_epi8(v, byte(0x9F));
        let lower_after = _mm_or_si128(
            _mm_cmpeq_epi8(v1, byte(0xC2)),
            _mm_cmpeq_epi8(v1, byte(0xE0)),
        );
        let upper_after = _mm_cmpeq_epi8(v1, byte(0xED));
        // ALM (0xD8 0x9C, `UTF8_EXCEPT_PAIRS`): the one sequence of lead 0xD8 the DFA must see.
        let alm = _mm_and_si128(
            _mm_cmpeq_epi8(v1, byte(0xD8)),
            _mm_cmpeq_epi8(v, byte(0x9C)),
        );
        Block {
            miss: mask(_mm_cmpeq_epi8(lit, zero)),
            high: mask(v),
            bad_structure: mask(_mm_xor_si128(needs, cont)),
            // The top bit: >= 0x80, not a continuation byte, not in the lead table.
            undecided: mask(_mm_and_si128(
                _mm_cmpeq_epi8(lead, zero),
                _mm_andnot_si128(cont, v),
            )),
            bad_second: mask(_mm_or_si128(
                _mm_or_si128(
                    _mm_andnot_si128(upper, lower_after),
                    _mm_and_si128(upper, upper_after),
                ),
                alm,
            )),
        }
    }

    /// Where a block that found ill-formed UTF-8 hands over to the byte walk: back from `i` to
    /// the lead of the last sequence before it (which may be cut off, or go on into the block),
    /// not before `entry`, where the wide check began at a lead.
    #[inline(always)]
    fn last_lead(b: &[u8], entry: usize, i: usize) -> usize {
        let mut start = i;
        while start > entry && b[start - 1] >= 0x80 {
            start -= 1;
            if b[start] >= 0xC0 {
                break;
            }
        }
        start
    }

    /// 3987bis 2.2 `ucschar` and `iprivate`, 4.1, 7.3 for the leads a block could not decide:
    /// bit k of `check` is the lead at `i + k - 1`, each read by the DFA, in order; `Err` with
    /// the offset of the first that is not admitted.
    #[inline(always)]
    fn check_leads(
        b: &[u8],
        i: usize,
        mut check: u128,
        end: usize,
        private: bool,
    ) -> Result<(), usize> {
        while check != 0 {
            let lead = i + check.trailing_zeros() as usize - 1;
            code_point(b, lead, end, true, private).ok_or(lead)?;
            check &= check - 1;
        }
        Ok(())
    }

    /// The scalar walk of `skip_unicode`, from a sequence boundary `i`: for the blocks where
    /// the wide check found ill-formed UTF-8, whose first error it finds and places.
    #[cold]
    #[inline(never)]
    fn walk(
        b: &[u8],
        mut i: usize,
        end: usize,
        literal: u16,
        private: bool,
    ) -> Result<usize, usize> {
        while i < end {
            let c = b[i];
            if c >= 0x80 {
                i = code_point(b, i, end, true, private).ok_or(i)?;
            } else if ascii(c) & literal != 0 {
                i += 1;
            } else {
                break;
            }
        }
        Ok(i)
    }

    #[inline(always)]
    pub(super) unsafe fn skip_unicode(
        b: &[u8],
        mut i: usize,
        end: usize,
        literal: u16,
        private: bool,
    ) -> Result<usize, usize> {
        let end = end.min(b.len());
        // A block reads 16 bytes, and the 3 before it for the leads of the sequences that
        // continue into it: the table walk takes inputs too short for that.
        if i >= end || i < 3 || end < 19 {
            return Ok(i);
        }
        let bit = literal.trailing_zeros() as usize;
        // SAFETY: the four tables are 16 bytes each; loads are unaligned.
        let t = unsafe {
            Tables {
                literal_lo: _mm_loadu_si128(NIBBLE_LO[bit].as_ptr().cast()),
                literal_hi: _mm_loadu_si128(NIBBLE_HI.as_ptr().cast()),
                lead_lo: _mm_loadu_si128(UTF8_LEAD_NIBBLE_LO.as_ptr().cast()),
                lead_hi: _mm_loadu_si128(UTF8_LEAD_NIBBLE_HI.as_ptr().cast()),
            }
        };
        let entry = i;
        // `i` starts at a lead, after ASCII; then every byte before `i` belongs to a complete,
        // checked sequence or to a sequence whose lead the previous block checked, and blocks
        // follow each other without gap or overlap (but for the last, which drops the bytes
        // before `i`).
        while i < end {
            // A block at `i`, or at the tail the last 16 bytes before `end`.
            let at = if i + 16 <= end { i } else { end - 16 };
            let shift = i - at;
            // SAFETY: `at + 16 <= end <= b.len()`: `at` is `i` when `i + 16 <= end`, else
            // `end - 16`; and `at >= 3`: `i >= 3`, and `end - 16 >= 3`.
            let m = unsafe { block(b, at, shift, t) };
            // ASCII bytes that are not literal stop the run (a delimiter, "%", or an error).
            let stop = m.miss & !m.high;
            let span = if stop != 0 {
                stop.trailing_zeros()
            } else {
                16 - shift as u32
            };
            let in_span = (1u32 << span) - 1;
            // The structure of the span and of the byte after it, which must not continue a
            // sequence (RFC 3629 3); at the end of input, no sequence may be cut off.
            let cut = stop == 0
                && at + 16 == end
                && (b[end - 1] >= 0xC0 || b[end - 2] >= 0xE0 || b[end - 3] >= 0xF0);
            if m.bad_structure & ((2u32 << span) - 1) != 0 || cut {
                // Back to the lead of the last sequence before `i`, which may be cut off or
                // go on into the block.
                return walk(b, last_lead(b, entry, i), end, literal, private);
            }
            // 3987bis 2.2 `ucschar` and `iprivate`, 4.1, 7.3: the class of most sequences
            // follows from their lead alone, or with their second byte; the DFA takes the others,
            // in order. Bit k of `check` is the lead at `i + k - 1`: a bad second byte names the
            // lead before it, which may be the last byte of the previous block.
            let check = ((m.undecided & in_span) << 1) | (m.bad_second & in_span);
            check_leads(b, i, u128::from(check), end, private)?;
            if stop != 0 {
                return Ok(i + span as usize);
            }
            i = at + 16;
        }
        Ok(i)
    }

    /// For each nibble mask of non-ASCII octets in a group of four (bit j: octet j), the shuffle
    /// of the group's source vector (octets 0-3, high hex digits 4-7, low hex digits 8-11, "%"
    /// 12-15) that writes the group: an ASCII octet as it is, another as "%", high, low.
    static GROUP_SHUFFLES: [[u8; 16]; 16] = {
        let mut t = [[0x80u8; 16]; 16];
        let mut mask = 0;
        while mask < 16 {
            let mut o = 0;
            let mut j = 0;
            while j < 4 {
                if mask >> j & 1 == 0 {
                    t[mask][o] = j as u8;
                    o += 1;
                } else {
                    t[mask][o] = 12;
                    t[mask][o + 1] = 4 + j as u8;
                    t[mask][o + 2] = 8 + j as u8;
                    o += 3;
                }
                j += 1;
            }
            mask += 1;
        }
        t
    };

    /// Windows of this table are the shuffles that move the last `rest` bytes of a vector to
    /// its front and zero the others: `SHIFT_DOWN[32 - rest..48 - rest]`.
    static SHIFT_DOWN: [u8; 48] = {
        let mut t = [0x80u8; 48];
        let mut j = 0;
        while j < 16 {
            t[16 + j] = j as u8;
            j += 1;
        }
        t
    };

    /// The length of what each shuffle of `GROUP_SHUFFLES` writes: 4, and 2 per non-ASCII octet
    /// (a table: `count_ones` is no single instruction without POPCNT).
    static GROUP_LENGTHS: [u8; 16] = {
        let mut t = [0u8; 16];
        let mut mask = 0;
        while mask < 16 {
            t[mask] = 4 + 2 * (mask as u32).count_ones() as u8;
            mask += 1;
        }
        t
    };

    /// `KEEP_LAST[rest..rest + 16]` keeps the last `rest` bytes of a vector (0xFF) and clears
    /// the others.
    static KEEP_LAST: [u8; 32] = {
        let mut t = [0u8; 32];
        let mut j = 16;
        while j < 32 {
            t[j] = 0xFF;
            j += 1;
        }
        t
    };

    /// The number of octets >= 0x80 in `s`: per 16, their top bits summed by `psadbw` (SSE2);
    /// the last `rest` octets from the last 16 (or from a copy padded in front), the ones counted
    /// already cleared.
    #[inline]
    pub(super) fn count_non_ascii(s: &[u8]) -> usize {
        let mut at = 0;
        // SAFETY (all the block): SSE2 is baseline on x86-64; every load is of 16 bytes: of `s`
        // at `at + 16 <= s.len()` or at `s.len() - 16 >= 0`, of the 16-byte `padded`, of the
        // window `rest..rest + 16` of the 32-byte table; all unaligned.
        unsafe {
            let tops = |v: __m128i| {
                _mm_sad_epu8(
                    _mm_and_si128(_mm_srli_epi16(v, 7), _mm_set1_epi8(1)),
                    _mm_setzero_si128(),
                )
            };
            let mut sums = _mm_setzero_si128();
            while at + 16 <= s.len() {
                sums = _mm_add_epi64(sums, tops(_mm_loadu_si128(s.as_ptr().add(at).cast())));
                at += 16;
            }
            let rest = s.len() - at;
            if rest > 0 {
                let last = if s.len() >= 16 {
                    _mm_loadu_si128(s.as_ptr().add(s.len() - 16).cast())
                } else {
                    let mut padded = [0u8; 16];
                    padded[16 - rest..].copy_from_slice(s);
                    _mm_loadu_si128(padded.as_ptr().cast())
                };
                let keep = _mm_loadu_si128(KEEP_LAST[rest..rest + 16].as_ptr().cast());
                sums = _mm_add_epi64(sums, tops(_mm_and_si128(last, keep)));
            }
            _mm_cvtsi128_si64(_mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums))) as usize
        }
    }

    /// The slow side of the encoders' room check: `out` holds the `o` bytes written so far and
    /// grows to hold `need` more, past which the next block may write. `(base, capacity)` after.
    /// Apart and cold: a caller that reserved the result's length never comes here.
    #[cold]
    #[inline(never)]
    fn grow_for(out: &mut Vec<u8>, o: usize, need: usize) -> (*mut u8, usize) {
        // SAFETY: the callers wrote every byte below `o` (each store begins where the last
        // block's output ended) and `o <= capacity`: no uninitialized byte is exposed.
        unsafe { out.set_len(o) };
        out.reserve(need);
        (out.as_mut_ptr(), out.capacity())
    }

    /// See `super::push_percent_encoded`. Each block of 16 octets: stored as it is when ASCII;
    /// otherwise its hex digits come from two table shuffles, four interleavings make the source
    /// vector of each group of four octets, and one shuffle per group writes it (4 to 12 bytes;
    /// the 16-byte stores overlap, each next one overwriting what the last left past its end).
    /// The last, partial block is copied into a block of zeros, which are ASCII: the bytes they
    /// write are cut off.
    #[target_feature(enable = "ssse3,popcnt")]
    pub(super) unsafe fn push_percent_encoded(out: &mut Vec<u8>, s: &[u8]) {
        // The stores go to the spare capacity (no zeroing first), and may reach 16 bytes past
        // the block's result (a group's store is 16 bytes, and the zeros of the last block may
        // put one 12 bytes further): each block checks that they fit.
        let (mut base, mut capacity) = (out.as_mut_ptr(), out.capacity());
        let hex = _mm_setr_epi8(
            b'0' as i8, b'1' as i8, b'2' as i8, b'3' as i8, b'4' as i8, b'5' as i8, b'6' as i8,
            b'7' as i8, b'8' as i8, b'9' as i8, b'A' as i8, b'B' as i8, b'C' as i8, b'D' as i8,
            b'E' as i8, b'F' as i8,
        );
        let nibble = _mm_set1_epi8(0x0F);
        let percent = _mm_set1_epi8(b'%' as i8);
        let mut o = out.len();
        let mut at = 0;
        while at < s.len() {
            let v = if at + 16 <= s.len() {
                // SAFETY: `at + 16 <= s.len()`; the load is unaligned.
                unsafe { _mm_loadu_si128(s.as_ptr().add(at).cast()) }
            } else if s.len() >= 16 {
                // The last 16 octets, shifted down past those already written, zeros after.
                // SAFETY: `s.len() >= 16`; the loads are unaligned, the second of a 16-byte
                // window of the 32-byte table.
                unsafe {
                    let last = _mm_loadu_si128(s.as_ptr().add(s.len() - 16).cast());
                    let rest = s.len() - at;
                    let shift = _mm_loadu_si128(SHIFT_DOWN[32 - rest..48 - rest].as_ptr().cast());
                    _mm_shuffle_epi8(last, shift)
                }
            } else {
                let mut last = [0u8; 16];
                last[..s.len() - at].copy_from_slice(&s[at..]);
                // SAFETY: `last` is 16 bytes; the load is unaligned.
                unsafe { _mm_loadu_si128(last.as_ptr().cast()) }
            };
            let mask = _mm_movemask_epi8(v) as usize;
            // The block writes `grow` bytes; the store of each group starts before the last
            // group's 4 or more bytes, so ends by `o + grow + 12` (an ASCII block's store, by
            // `o + 16`).
            let grow = 16 + 2 * mask.count_ones() as usize;
            if o + grow + 12 > capacity {
                (base, capacity) = grow_for(out, o, grow + 12 + 3 * (s.len() - at));
            }
            if mask == 0 {
                // SAFETY: `o + 16 <= capacity` (checked above): 16 writable bytes of the buffer
                // (`base` is the buffer's since the last growth); the store is unaligned.
                unsafe { _mm_storeu_si128(base.add(o).cast(), v) };
                o += 16;
            } else {
                let hi = _mm_shuffle_epi8(hex, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
                let lo = _mm_shuffle_epi8(hex, _mm_and_si128(v, nibble));
                let (a, b) = (_mm_unpacklo_epi32(v, hi), _mm_unpacklo_epi32(lo, percent));
                let (c, d) = (_mm_unpackhi_epi32(v, hi), _mm_unpackhi_epi32(lo, percent));
                let groups = [
                    _mm_unpacklo_epi64(a, b),
                    _mm_unpackhi_epi64(a, b),
                    _mm_unpacklo_epi64(c, d),
                    _mm_unpackhi_epi64(c, d),
                ];
                for (k, group) in groups.into_iter().enumerate() {
                    let m = mask >> (4 * k) & 15;
                    // SAFETY: the shuffle is a 16-byte table entry read unaligned; `o + 16 <=
                    // capacity` (checked above: the lengths of the groups before this one sum
                    // to at most `grow - 4`): 16 writable bytes of the buffer, the store
                    // unaligned.
                    unsafe {
                        let shuffle = _mm_loadu_si128(GROUP_SHUFFLES[m].as_ptr().cast());
                        _mm_storeu_si128(base.add(o).cast(), _mm_shuffle_epi8(group, shuffle));
                    }
                    o += GROUP_LENGTHS[m] as usize;
                }
            }
            at += 16;
        }
        // The zeros of the last block wrote one byte each.
        let end = o - (at - s.len());
        // SAFETY: `end <= o <= capacity`, and every byte from the old length to `o` was
        // written: each store begins where the last one's output ended (`o` moves by no more
        // than a store writes), so `set_len` exposes no uninitialized byte.
        unsafe { out.set_len(end) };
    }

    /// Whether `b` is all ASCII, 64 bytes at a time: the blocks or-ed together, each read by a
    /// masked load, one test at the end.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    pub(super) unsafe fn is_ascii_avx512(b: &[u8]) -> bool {
        let (mut high, mut at) = (_mm512_setzero_si512(), 0);
        while at < b.len() {
            let n = (b.len() - at).min(64);
            // SAFETY: the masked load reads the `n` bytes of `b` at `at`, and no other;
            // unaligned.
            let v = unsafe { _mm512_maskz_loadu_epi8(first_bits(n), b.as_ptr().add(at).cast()) };
            high = _mm512_or_si512(high, v);
            at += 64;
        }
        _mm512_movepi8_mask(high) == 0
    }

    /// The number of octets >= 0x80 in `s`, 64 at a time: the population count of their top
    /// bits, each block read by a masked load.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt")]
    pub(super) unsafe fn count_non_ascii_avx512(s: &[u8]) -> usize {
        let (mut count, mut at) = (0, 0);
        while at < s.len() {
            let n = (s.len() - at).min(64);
            // SAFETY: the masked load reads the `n` bytes of `s` at `at`, and no other;
            // unaligned.
            let v = unsafe { _mm512_maskz_loadu_epi8(first_bits(n), s.as_ptr().add(at).cast()) };
            count += _mm512_movepi8_mask(v).count_ones() as usize;
            at += 64;
        }
        count
    }

    /// See `super::push_percent_encoded`, with AVX-512. Each chunk of 64 octets is read by one
    /// masked load, and its four blocks of 16 written one after the other without a loop (a
    /// block past the end writes nothing), so that a line of up to 64 octets takes one trip and
    /// no branch on its length. For the whole chunk, each octet's first byte (itself, or "%"
    /// where it is non-ASCII) and its two hex digits (by table shuffles; zero where it is ASCII).
    /// Each block: a 4-byte slot per octet, its first byte and its digits gathered by two byte
    /// permutes (VBMI), and one compression (VBMI2) that keeps the first byte of each slot and
    /// the digits: the block's result, 0 to 48 bytes, written by a masked store. Gathering from
    /// the chunk's digits, rather than widening each block and computing its digits, made
    /// `to_uri` on IRIs 1.4% faster, and 2% with hosts percent-encoded (`map_corpus`). Nothing is
    /// written past the result, so `out` needs no slack.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
    pub(super) unsafe fn push_percent_encoded_avx512(out: &mut Vec<u8>, s: &[u8]) {
        let (mut base, mut capacity) = (out.as_mut_ptr(), out.capacity());
        let hex = _mm512_broadcast_i32x4(_mm_setr_epi8(
            b'0' as i8, b'1' as i8, b'2' as i8, b'3' as i8, b'4' as i8, b'5' as i8, b'6' as i8,
            b'7' as i8, b'8' as i8, b'9' as i8, b'A' as i8, b'B' as i8, b'C' as i8, b'D' as i8,
            b'E' as i8, b'F' as i8,
        ));
        let nibble = _mm512_set1_epi8(0x0F);
        let percent = _mm512_set1_epi8(b'%' as i8);
        // Slot i of block k: byte 0 from the octets (index 16k + i), byte 1 from the high
        // digits (64 + 16k + i, the second table of `vpermt2b`), byte 2 from the low digits
        // (16k + i, by `vpermb`, which reads 6 bits of it), byte 3 zero.
        let slot_index = _mm512_or_si512(
            _mm512_set1_epi32(0x0000_4000),
            _mm512_set_epi32(
                0x0F0F_0F0F,
                0x0E0E_0E0E,
                0x0D0D_0D0D,
                0x0C0C_0C0C,
                0x0B0B_0B0B,
                0x0A0A_0A0A,
                0x0909_0909,
                0x0808_0808,
                0x0707_0707,
                0x0606_0606,
                0x0505_0505,
                0x0404_0404,
                0x0303_0303,
                0x0202_0202,
                0x0101_0101,
                0,
            ),
        );
        let index = [0, 16, 32, 48].map(|k| _mm512_add_epi8(slot_index, _mm512_set1_epi8(k)));
        // Bytes 0 and 1 of every slot, byte 2, and byte 0.
        const OCTET_HIGH: u64 = 0x3333_3333_3333_3333;
        const LOW: u64 = 0x4444_4444_4444_4444;
        const FIRSTS: u64 = 0x1111_1111_1111_1111;
        let mut o = out.len();
        let mut at = 0;
        while at < s.len() {
            let rest = (s.len() - at).min(64);
            let present = u64::MAX >> (64 - rest);
            // SAFETY: the masked load reads the `rest` bytes of `s` at `at` and no other (masked-
            // off bytes are neither read nor faulted on), unaligned.
            let chunk = unsafe { _mm512_maskz_loadu_epi8(present, s.as_ptr().add(at).cast()) };
            let high = _mm512_movepi8_mask(chunk);
            let grow = rest + 2 * high.count_ones() as usize;
            if o + grow > capacity {
                (base, capacity) = grow_for(out, o, grow + 3 * (s.len() - at));
            }
            // Each octet's first byte ("%" for a non-ASCII one), and its two hex digits, zero
            // for an ASCII octet (which keeps only its first byte).
            let firsts = _mm512_mask_blend_epi8(high, chunk, percent);
            let high_digits = _mm512_maskz_shuffle_epi8(
                high,
                hex,
                _mm512_and_si512(_mm512_srli_epi16(chunk, 4), nibble),
            );
            let low_digits = _mm512_maskz_shuffle_epi8(high, hex, _mm512_and_si512(chunk, nibble));
            let block = |k: usize| {
                let slots =
                    _mm512_maskz_permutex2var_epi8(OCTET_HIGH, firsts, index[k], high_digits);
                let slots = _mm512_mask_permutexvar_epi8(slots, LOW, index[k], low_digits);
                // The digits are never 0; the first byte is kept even if it is.
                let keep = _mm512_test_epi8_mask(slots, slots) | FIRSTS;
                _mm512_maskz_compress_epi8(keep, slots)
            };
            for k in 0..4 {
                let high_octets = (high >> (16 * k)) as u16;
                let n = ((present >> (16 * k)) as u16).count_ones() as usize;
                let len = n + 2 * high_octets.count_ones() as usize;
                // SAFETY: `o + len <= capacity` (the chunk's `grow`, checked above, is the sum of
                // its blocks' `len`): the masked store writes the `len` bytes from `o` and no
                // other, unaligned; `base` is the buffer's since the last growth.
                unsafe { _mm512_mask_storeu_epi8(base.add(o).cast(), (1u64 << len) - 1, block(k)) };
                o += len;
            }
            at += 64;
        }
        // SAFETY: `o <= capacity`, and every byte from the old length to `o` was written: each
        // store begins where the last one's ended.
        unsafe { out.set_len(o) };
    }

    /// SSE2 is part of x86-64: no detection needed.
    #[inline]
    pub(super) fn is_ascii(b: &[u8]) -> bool {
        if b.len() < 16 {
            return b.is_ascii();
        }
        // The blocks or-ed together, one movemask at the end (a movemask per block made the
        // loop wait on each).
        // SAFETY (all the block): SSE2 is baseline on x86-64; `b.len() >= 16`, every load is of
        // 16 bytes at `at + 16 <= b.len()` (the last one overlapping those already read),
        // unaligned.
        unsafe {
            let mut high = _mm_loadu_si128(b.as_ptr().add(b.len() - 16).cast());
            let mut at = 0;
            while at + 16 <= b.len() {
                high = _mm_or_si128(high, _mm_loadu_si128(b.as_ptr().add(at).cast()));
                at += 16;
            }
            _mm_movemask_epi8(high) == 0
        }
    }

    #[inline(always)]
    pub(super) unsafe fn skip(b: &[u8], mut i: usize, end: usize, bit: usize) -> usize {
        let end = end.min(b.len());
        if i >= end || end < 16 {
            return i;
        }
        // SAFETY (all loads below): `NIBBLE_LO[bit]` and `NIBBLE_HI` are 16 bytes each; blocks of
        // `b` are read at `i` only while `i + 16 <= end`, and at `end - 16` only when `end >= 16`,
        // with `end <= b.len()`; loads are unaligned.
        let lo_table = _mm_loadu_si128(NIBBLE_LO[bit].as_ptr().cast());
        let hi_table = _mm_loadu_si128(NIBBLE_HI.as_ptr().cast());
        // A function, not a closure: the closure was compiled apart, without SSSE3, and called
        // each intrinsic as a function.
        #[inline(always)]
        unsafe fn misses_at(b: &[u8], at: usize, lo_table: __m128i, hi_table: __m128i) -> u32 {
            // SAFETY: the caller reads 16 bytes at `at <= b.len() - 16`, unaligned.
            let v = unsafe { _mm_loadu_si128(b.as_ptr().add(at).cast()) };
            // pshufb gives 0 where the index byte has its top bit set: bytes >= 0x80 get lo = 0.
            let lo = _mm_shuffle_epi8(lo_table, v);
            let hi = _mm_shuffle_epi8(
                hi_table,
                _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F)),
            );
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(lo, hi), _mm_setzero_si128())) as u32
        }
        let misses = |at: usize| misses_at(b, at, lo_table, hi_table);
        while i + 16 <= end {
            let mask = misses(i);
            if mask != 0 {
                return i + mask.trailing_zeros() as usize;
            }
            i += 16;
        }
        if i < end {
            // The tail: the last 16 bytes before `end`, of which those before `i` are ignored.
            let mask = misses(end - 16) >> (i - (end - 16));
            return if mask != 0 {
                i + mask.trailing_zeros() as usize
            } else {
                end
            };
        }
        i
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::scan_scalar;
    use super::{available, scan_wide};
    use crate::Grammar;

    /// The pieces inputs are made of: literal ASCII, delimiters, "%" triplets good and bad, every
    /// code point class in every UTF-8 length, and ill-formed UTF-8 (RFC 3629 4).
    #[rustfmt::skip]
    const PIECES: &[&[u8]] = &[
        b"a", b"Z", b"0", b"-", b".", b"~", b"!", b"=", // literal
        b"/", b"?", b"#", b":", b"@", b"[", b"]", b"//", b"http:", b"//h/", // delimiters
        b" ", b"\x01", b"\x7F", b"\"", b"<", b"\\", b"^", b"|", b"{", // never literal
        b"%41", b"%4", b"%zz", b"%", b"%e2%80%93", // pct-encoded
        "é".as_bytes(), "ß".as_bytes(), "ж".as_bytes(), "ب".as_bytes(), // 2-byte ucschar
        "क".as_bytes(), "–".as_bytes(), "中".as_bytes(), "한".as_bytes(), // 3-byte ucschar
        "\u{0800}".as_bytes(), "\u{FFEF}".as_bytes(), "😀".as_bytes(), "\u{10000}".as_bytes(),
        "\u{85}".as_bytes(), "\u{9F}".as_bytes(), "\u{A0}".as_bytes(), // C1 controls, edge
        "\u{BF}".as_bytes(), "\u{FFF}".as_bytes(), "\u{D7FF}".as_bytes(), b"\xE0\x9F\xBF", // second-byte leads
        b"\xED\x9F\xBF", b"\xED\xBF\xBF", b"\xC2\x80", b"\xE0\xA0",
        "\u{200E}".as_bytes(), "\u{202E}".as_bytes(), "\u{2066}".as_bytes(), // bidi
        "\u{061C}".as_bytes(), "\u{061B}".as_bytes(), "\u{061D}".as_bytes(), b"\xD8", b"\x9C", // ALM
        "\u{E000}".as_bytes(), "\u{F8FF}".as_bytes(), "\u{F0000}".as_bytes(), // private
        "\u{E0001}".as_bytes(), "\u{E0FFF}".as_bytes(), // tags
        "\u{FFF0}".as_bytes(), "\u{FFFD}".as_bytes(), // specials
        "\u{FDD0}".as_bytes(), "\u{FFFE}".as_bytes(), "\u{1FFFF}".as_bytes(), // non-characters
        b"\x80", b"\xBF", b"\xC0\xAF", b"\xC1\xBF", b"\xC3", b"\xE4\xB8", b"\xE0\x80\x80",
        b"\xED\xA0\x80", b"\xF0\x9F\x98", b"\xF4\x90\x80\x80", b"\xF5\x80\x80\x80", b"\xFF",
        b"\xC3\xA9\xA9", b"\xE4\xB8\xAD\x80", // stray continuation after a good sequence
    ];

    /// The wide check compares the second byte of exactly these leads: a change in the generator
    /// (build/utf8_dfa.rs) must come with one in `block`.
    #[test]
    fn second_byte_leads() {
        assert_eq!(
            crate::tables::UTF8_SECOND_BYTE_LEADS,
            [(0xC2, 0xA0, 0xBF), (0xE0, 0xA0, 0xBF), (0xED, 0x80, 0x9F)]
        );
        // ALM, which `block`, `block512` and `utf8_masks` compare for.
        assert_eq!(crate::tables::UTF8_EXCEPT_PAIRS, [(0xD8, 0x9C)]);
    }

    /// A window mask against its byte walk, on random lines over `alphabet`, at every window
    /// from `first` on.
    fn window_masks_agree(
        seed: u64,
        alphabet: &[u8],
        first: usize,
        wide: fn(&[u8], usize) -> u32,
        walk: fn(&[u8], usize) -> u32,
    ) {
        let mut rng = Rng(seed);
        for _ in 0..20_000 {
            let b: Vec<u8> = (0..40)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            for at in first..=24 {
                assert_eq!(wide(&b, at), walk(&b, at), "{b:?} {at}");
            }
        }
    }

    /// The SSE2 pairs against the byte walk, over every placement of "/" and "." in a window.
    #[test]
    fn slash_dot_pairs_agree() {
        window_masks_agree(
            0x2545_F491_4F6C_DD1D,
            b"/.a\xC3",
            1,
            super::slash_dot_pairs,
            super::slash_dot_pairs_portable,
        );
    }

    #[test]
    fn hyphen_pairs_agree() {
        window_masks_agree(
            0x9E37_79B9_7F4A_7C15,
            b"-x.\xC3",
            1,
            super::hyphen_pairs,
            super::hyphen_pairs_portable,
        );
    }

    #[test]
    fn non_ascii_agrees() {
        window_masks_agree(
            0x1234_5678_9ABC_DEF1,
            b"a\x80\xFF\x7F",
            0,
            super::non_ascii,
            super::non_ascii_portable,
        );
    }

    /// The SSE2 percent filter against the byte walk, on triplets of every kind at every place.
    #[test]
    fn percent_to_check_agrees() {
        window_masks_agree(
            0x6A09_E667_F3BC_C908,
            b"%%%0789AFafgG/:\x80\xC3",
            0,
            super::percent_to_check,
            super::percent_to_check_portable,
        );
    }

    /// The SSE2 uppercase mask against the byte walk, on every byte value at every place.
    #[test]
    fn ascii_uppercase_agrees() {
        let mut b = [b'a'; 48];
        for at in 0..=32 {
            for k in 0..16 {
                for byte in 0..=255u8 {
                    b[at + k] = byte;
                    assert_eq!(
                        super::ascii_uppercase(&b, at),
                        super::ascii_uppercase_portable(&b, at),
                        "{byte} {at} {k}"
                    );
                    b[at + k] = b'a';
                }
            }
        }
    }

    /// The SSE2 test against std's, at every length and position of a high byte.
    #[test]
    fn is_ascii_agrees_with_std() {
        // Each wide test this CPU has (SSE2 is baseline).
        #[cfg(target_arch = "x86_64")]
        let tests: Vec<fn(&[u8]) -> bool> = {
            let mut tests: Vec<fn(&[u8]) -> bool> = vec![super::is_ascii, super::x86::is_ascii];
            if super::has_avx512_bw() {
                // SAFETY: the CPU has AVX-512 F, BW and VL.
                tests.push(|b| unsafe { super::x86::is_ascii_avx512(b) });
            }
            tests
        };
        #[cfg(not(target_arch = "x86_64"))]
        let tests: Vec<fn(&[u8]) -> bool> = vec![super::is_ascii];
        for n in 0..140 {
            let mut b = vec![b'a'; n];
            for test in &tests {
                assert!(test(&b));
            }
            for k in 0..n {
                b[k] = 0x80;
                for test in &tests {
                    assert_eq!(test(&b), b.is_ascii(), "{n} {k}");
                }
                b[k] = b'a';
            }
        }
    }

    /// The psadbw count against the plain one, at every length, with high bytes in every
    /// position of the blocks and of the padded tail.
    #[test]
    fn count_non_ascii_agrees() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for n in 0..200 {
            for _ in 0..20 {
                let b: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
                let want = b.iter().filter(|&&c| c >= 0x80).count();
                assert_eq!(super::count_non_ascii(&b), want, "{b:?}");
                // Both wide counts, where the CPU has them.
                #[cfg(target_arch = "x86_64")]
                {
                    assert_eq!(super::x86::count_non_ascii(&b), want, "{b:?}");
                    if super::has_avx512_bw() {
                        // SAFETY: the CPU has AVX-512 F, BW and VL.
                        let wide = unsafe { super::x86::count_non_ascii_avx512(&b) };
                        assert_eq!(wide, want, "{b:?}");
                    }
                }
            }
        }
    }

    /// ASCII bytes: encoded input of any bytes, and checked appends, which leave nothing behind
    /// when they fail or panic.
    #[test]
    fn ascii_bytes_stay_ascii() {
        let mut bytes = super::AsciiBytes::with_capacity(0);
        let any: Vec<u8> = (0..=255).collect();
        bytes.push_encoded(&any);
        bytes
            .push_checked(|v| {
                v.extend_from_slice(b"xn--abc");
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!(
            bytes.push_checked(|v| {
                v.extend_from_slice("é".as_bytes());
                Err(())
            }),
            Err(())
        );
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            bytes.push_checked(|v| {
                v.extend_from_slice("é".as_bytes());
                Ok::<(), ()>(())
            })
        }));
        assert!(caught.is_err(), "a non-ASCII byte appended panics");
        let s = bytes.into_string();
        assert!(s.is_ascii());
        assert_eq!(&s[..6], "\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}");
        assert!(s.ends_with("%FFxn--abc"), "{s}");
        assert_eq!(s.len(), 128 + 3 * 128 + "xn--abc".len());
    }

    /// xorshift64*: reproducible inputs without a dependency.
    pub(in crate::scan) struct Rng(pub(in crate::scan) u64);

    impl Rng {
        pub(in crate::scan) fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
        }
    }

    fn check(input: &[u8]) {
        for grammar in Grammar::ALL {
            super::super::line::check_line_scan(input, grammar);
        }
        for (grammar, wide) in Grammar::ALL
            .into_iter()
            .flat_map(|g| [super::SSSE3, super::AVX512, super::AVX512_VBMI].map(|wide| (g, wide)))
            .filter(|&(_, wide)| wide <= super::widest())
        {
            let wide = scan_wide(input, grammar, wide);
            let scalar = scan_scalar(input, grammar);
            // Verdict, error kind, offset and component, and every position on success.
            assert_eq!(
                wide,
                scalar,
                "{grammar:?} {:?}",
                input.escape_ascii().to_string()
            );
            if let (Err(w), Err(s)) = (wide, scalar) {
                assert_eq!(
                    (w.kind(), w.offset(), w.component()),
                    (s.kind(), s.offset(), s.component())
                );
            }
        }
    }

    /// Random mixes of the pieces, cut at every length from 0 to 150 bytes (not only at piece
    /// boundaries, so that sequences are also truncated by the end of input).
    #[test]
    fn wide_agrees_with_scalar_on_generated_inputs() {
        if !available() {
            eprintln!("no SSSE3 here: the wide path cannot run");
            return;
        }
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let prefixes: [&[u8]; 5] = [b"", b"http://", b"http://h/", b"x:/p?", b"//u@h/p#"];
        for len in 0..=150 {
            for _ in 0..300 {
                let mut input = prefixes[rng.below(prefixes.len())].to_vec();
                // Runs of one piece, as scripts come in runs, or single pieces.
                while input.len() < len {
                    let piece = PIECES[rng.below(PIECES.len())];
                    for _ in 0..1 + rng.below(4) * rng.below(2) {
                        input.extend_from_slice(piece);
                    }
                }
                input.truncate(len);
                check(&input);
            }
        }
    }

    /// Every piece after 0 to 72 literal or non-ASCII bytes, so that it straddles every offset
    /// of a 16-byte and of a 64-byte block, with a run of non-ASCII or ASCII after it, and at the
    /// end of input.
    #[test]
    fn wide_agrees_with_scalar_at_block_boundaries() {
        if !available() {
            eprintln!("no SSSE3 here: the wide path cannot run");
            return;
        }
        let fillers: [&[u8]; 4] = [b"a", "é".as_bytes(), "中".as_bytes(), "😀".as_bytes()];
        for prefix in [&b"http://h/"[..], b"", b"http://", b"x:?"] {
            for filler in fillers {
                for before in 0..72 {
                    for piece in PIECES {
                        for after in [&b""[..], b"bcdefghijklmnopqrs", "中文字符串".as_bytes()]
                        {
                            let mut input = prefix.to_vec();
                            for _ in 0..before {
                                input.extend_from_slice(filler);
                            }
                            input.extend_from_slice(piece);
                            input.extend_from_slice(after);
                            check(&input);
                        }
                    }
                }
            }
        }
    }

    /// The sorting networks of the Punycode encoder (`punycode_encode_avx512`), by the 0-1
    /// principle (Knuth, TAOCP 5.3.4, exercise 5.3.4-45): a network of comparators sorts every
    /// input when it sorts every input of 0s and 1s, and 16 lanes have 2^16 of those.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn sorting_networks_sort_every_input() {
        if !super::has_avx512_bw() {
            eprintln!("no AVX-512 here: the networks cannot run");
            return;
        }
        for bits in 0u32..1 << 16 {
            let input: [u32; 16] = std::array::from_fn(|i| bits >> i & 1);
            // SAFETY: the CPU has AVX-512 F, BW and VL (`has_avx512_bw`).
            let sorted = unsafe { super::x86::sort_networks(input) };
            let mut want4 = <[u32; 4]>::try_from(&input[..4]).unwrap();
            let mut want8 = <[u32; 8]>::try_from(&input[..8]).unwrap();
            let mut want16 = input;
            want4.sort_unstable();
            want8.sort_unstable();
            want16.sort_unstable();
            assert_eq!(sorted, (want4, want8, want16), "{bits:016b}");
        }
    }
}
