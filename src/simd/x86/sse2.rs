//! SSE2, part of x86-64 (no detection): the window masks' operations, the lints' masks, the ASCII
//! test and the count of octets >= 0x80.

use std::arch::x86_64::*;

/// The 16 bytes of `b` at `at`; panics unless `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn load(b: &[u8], at: usize) -> __m128i {
    let w: &[u8; 16] = b[at..at + 16].try_into().expect("16 bytes");
    // SAFETY: `w` is 16 readable bytes; the load is unaligned; SSE2 is baseline on x86-64.
    unsafe { _mm_loadu_si128(w.as_ptr().cast()) }
}

/// 0xFF in the bytes of `v` equal to `byte`.
#[inline(always)]
pub(crate) fn equal(v: __m128i, byte: u8) -> __m128i {
    // SAFETY: SSE2 is baseline on x86-64.
    unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8)) }
}

/// 0xFF in the bytes of `v` from `lo` to `hi`, both ASCII (signed compares: bytes >= 0x80
/// are negative, below both).
#[inline(always)]
pub(crate) fn within(v: __m128i, lo: u8, hi: u8) -> __m128i {
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
pub(crate) fn and(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is baseline on x86-64.
    unsafe { _mm_and_si128(a, b) }
}

#[inline(always)]
pub(crate) fn or(a: __m128i, b: __m128i) -> __m128i {
    // SAFETY: SSE2 is baseline on x86-64.
    unsafe { _mm_or_si128(a, b) }
}

/// Bit k: the top bit of byte k.
#[inline(always)]
pub(crate) fn mask(v: __m128i) -> u32 {
    // SAFETY: SSE2 is baseline on x86-64.
    unsafe { _mm_movemask_epi8(v) as u32 }
}

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
pub(crate) fn count_non_ascii(s: &[u8]) -> usize {
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

/// Whether `b` is all ASCII, 16 bytes at a time.
#[inline]
pub(crate) fn is_ascii(b: &[u8]) -> bool {
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

/// [`LintMasks`](crate::simd::LintMasks) of `b`, at most `64 * W` bytes, 16 bytes at a time
/// from a copy padded with zeros.
#[inline(always)]
pub(crate) fn lint_masks<const W: usize>(b: &[u8]) -> crate::simd::LintMasks<W> {
    assert!(b.len() <= 64 * W && W <= 2);
    let mut padded = [0u8; 128];
    padded[..b.len()].copy_from_slice(b);
    let mut m = crate::simd::LintMasks::ZERO;
    for q in 0..b.len().div_ceil(16) {
        let v = load(&padded, 16 * q);
        let (w, shift) = (q / 4, 16 * (q % 4));
        let bits = |x: __m128i| u64::from(mask(x)) << shift;
        // SAFETY: SSE2 is baseline on x86-64.
        let (lead, rtl) = unsafe {
            // Unsigned compares by the sign-flipped bytes.
            let flipped = _mm_xor_si128(v, _mm_set1_epi8(-128));
            let ge = |x: u8| _mm_cmpgt_epi8(flipped, _mm_set1_epi8((x ^ 0x80) as i8 - 1));
            let le = |x: u8| _mm_cmpgt_epi8(_mm_set1_epi8((x ^ 0x80) as i8 + 1), flipped);
            (ge(0xC0), _mm_and_si128(ge(0xD6), le(0xDF)))
        };
        // SAFETY: SSE2 is baseline on x86-64.
        let lower = unsafe { _mm_or_si128(v, _mm_set1_epi8(0x20)) };
        m.lead[w] |= bits(lead);
        m.rtl_lead[w] |= bits(rtl);
        m.letter[w] |= bits(within(lower, b'a', b'z'));
        m.percent[w] |= bits(equal(v, b'%'));
        m.dot[w] |= bits(equal(v, b'.'));
        m.slash[w] |= bits(equal(v, b'/'));
        m.ampersand[w] |= bits(or(equal(v, b'&'), equal(v, b';')));
        m.equals[w] |= bits(equal(v, b'='));
    }
    m
}
