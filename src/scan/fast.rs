//! The wide check: skips a run of bytes that may stand literally in a component, 16 at a time.
//!
//! This is the one place of the crate with `unsafe`: SSSE3 intrinsics on x86-64, detected once at
//! run time. The whole scanner is compiled a second time for SSSE3 ([`scan_wide`]), so that the
//! check inlines into its loops; the byte table walk (`skip_scalar`) is the portable fallback,
//! and the reference that the tests and the `fast_vs_scalar` fuzz target compare this one with.
#![allow(unsafe_code)]

use super::{Positions, Scanner};
use crate::{Error, Grammar};

/// Whether the wide check can run on this CPU (std caches the CPUID answer).
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

/// The scanner with the wide check. Must only be called when [`available`] said so.
#[inline]
pub(super) fn scan_wide(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: the caller checked `available()`, so this CPU has SSSE3.
        unsafe { x86::scan(input, grammar) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Scanner::<false>::new(input, grammar).scan()
    }
}

/// Returns the first offset from `i` at which a byte lacks the class bit `literal` (one bit), or
/// `end`; or `i` itself when `end < 16`, for the scalar walk to go on from.
#[inline(always)]
pub(super) fn skip(b: &[u8], i: usize, end: usize, literal: u16) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: `skip` is reached only from `Scanner::<true>`, which only `x86::scan` builds,
        // and that function is compiled with SSSE3 and called only when the CPU has it.
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
    use super::{Error, Grammar, Positions, Scanner};
    use crate::tables::{NIBBLE_HI, NIBBLE_LO};
    use std::arch::x86_64::*;

    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn scan(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
        Scanner::<true>::new(input, grammar).scan()
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
        let misses = |at: usize| -> u32 {
            let v = _mm_loadu_si128(b.as_ptr().add(at).cast());
            // pshufb gives 0 where the index byte has its top bit set: bytes >= 0x80 get lo = 0.
            let lo = _mm_shuffle_epi8(lo_table, v);
            let hi = _mm_shuffle_epi8(
                hi_table,
                _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F)),
            );
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(lo, hi), _mm_setzero_si128())) as u32
        };
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
