//! The wide check: skips a run of bytes that may stand literally in a component, 16 at a time.
//!
//! This is the one place of the crate with `unsafe`: SSSE3 intrinsics on x86-64, detected once at
//! run time, with the byte table walk (`skip_scalar`) as the portable fallback and as the
//! reference the tests and the `fast_vs_scalar` fuzz target compare it with.
#![allow(unsafe_code)]

/// Whether the wide check can run on this CPU.
#[inline(always)]
pub(super) fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("ssse3")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Returns the first offset from `i` at which a byte lacks the class bit `literal` (one bit), or
/// an offset at most 15 bytes before `end` from which the scalar walk goes on.
/// Must only be called when [`available`] said so.
#[inline(always)]
pub(super) fn skip(b: &[u8], i: usize, end: usize, literal: u16) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: the caller checked `available()`, so the CPU has SSSE3.
        unsafe { x86::skip(b, i, end, literal.trailing_zeros() as usize) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (b, end, literal);
        i
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use crate::tables::{NIBBLE_HI, NIBBLE_LO};
    use std::arch::x86_64::*;

    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn skip(b: &[u8], mut i: usize, end: usize, bit: usize) -> usize {
        let end = end.min(b.len());
        // SAFETY (all loads below): `NIBBLE_LO[bit]` and `NIBBLE_HI` are 16 bytes each, and the
        // loop reads `b[i..i + 16]` only while `i + 16 <= end <= b.len()`; loads are unaligned.
        let lo_table = _mm_loadu_si128(NIBBLE_LO[bit].as_ptr().cast());
        let hi_table = _mm_loadu_si128(NIBBLE_HI.as_ptr().cast());
        let low_nibble = _mm_set1_epi8(0x0F);
        while i + 16 <= end {
            let v = _mm_loadu_si128(b.as_ptr().add(i).cast());
            // pshufb gives 0 where the index byte has its top bit set: bytes >= 0x80 get lo = 0.
            let lo = _mm_shuffle_epi8(lo_table, v);
            let hi = _mm_shuffle_epi8(hi_table, _mm_and_si128(_mm_srli_epi16(v, 4), low_nibble));
            let miss = _mm_cmpeq_epi8(_mm_and_si128(lo, hi), _mm_setzero_si128());
            let mask = _mm_movemask_epi8(miss) as u32;
            if mask != 0 {
                return i + mask.trailing_zeros() as usize;
            }
            i += 16;
        }
        i
    }
}
