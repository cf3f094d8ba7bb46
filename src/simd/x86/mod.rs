//! The x86-64 versions: SSE2 (part of x86-64: no detection), SSSE3, AVX-512 and AVX-512 VBMI.

pub(super) mod avx512;
pub(super) mod avx512_vbmi;
pub(super) mod sse2;
pub(super) mod ssse3;

pub(super) use sse2::{count_non_ascii, is_ascii};

use super::{Cpu, Kernel};
use crate::tables::{ascii, code_point};

/// Runs `k` at level `SSSE3`, compiled for it.
///
/// # Safety
/// The CPU has SSSE3 and POPCNT.
#[inline(never)]
#[target_feature(enable = "ssse3,popcnt")]
pub(super) unsafe fn run_ssse3<K: Kernel>(k: K) -> K::Output {
    k.run(Cpu::<{ super::SSSE3 }> { _proof: () })
}

/// Runs `k` at level `AVX512`, compiled for it.
///
/// # Safety
/// The CPU has AVX-512 F, BW and VL, and POPCNT.
#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt")]
pub(super) unsafe fn run_avx512<K: Kernel>(k: K) -> K::Output {
    k.run(Cpu::<{ super::AVX512 }> { _proof: () })
}

/// Runs `k` at level `AVX512_VBMI`, compiled for it.
///
/// # Safety
/// The CPU has AVX-512 F, BW, VL, VBMI and VBMI2, and POPCNT.
#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
pub(super) unsafe fn run_avx512_vbmi<K: Kernel>(k: K) -> K::Output {
    k.run(Cpu::<{ super::AVX512_VBMI }> { _proof: () })
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

/// Whether the last sequence before `end` is cut off there: a lead among the last three bytes
/// that needs more bytes than are left (RFC 3629 3). `end >= 3`.
#[inline(always)]
fn cut_at_end(b: &[u8], end: usize) -> bool {
    b[end - 1] >= 0xC0 || b[end - 2] >= 0xE0 || b[end - 3] >= 0xF0
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
fn walk(b: &[u8], mut i: usize, end: usize, literal: u16, private: bool) -> Result<usize, usize> {
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
