//! AVX-512 F, BW and VL: the 64-byte wide check of the scanner, the line check's masks, the
//! ASCII test and count, and the sorting networks of Punycode's keys.

use super::{check_leads, cut_at_end, last_lead, walk};
use crate::simd::line_masks::{LineMasks, LintMasks, Utf8Masks, ODD_LEAD, ODD_SECOND, ODD_THIRD};
use crate::tables::{class, NIBBLE_HI, NIBBLE_LO, UTF8_LEAD_NIBBLE_HI, UTF8_LEAD_NIBBLE_LO};
use std::arch::x86_64::*;

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
pub(crate) unsafe fn line_masks<const W: usize>(b: &[u8]) -> LineMasks<W> {
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
pub(crate) unsafe fn utf8_masks<const W: usize, const VBMI: bool>(b: &[u8]) -> Utf8Masks<W> {
    debug_assert!(b.len() <= 64 * W);
    let byte = |x: u8| _mm512_set1_epi8(x as i8);
    // SAFETY: the tables are 16 or 64 bytes each, read unaligned.
    let (lead_lo, lead_hi, odd_lead, odd_second, odd_third) = unsafe {
        (
            table512(&UTF8_LEAD_NIBBLE_LO),
            table512(&UTF8_LEAD_NIBBLE_HI),
            _mm512_loadu_si512(ODD_LEAD.as_ptr().cast()),
            _mm512_loadu_si512(ODD_SECOND.as_ptr().cast()),
            _mm512_loadu_si512(ODD_THIRD.as_ptr().cast()),
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
pub(crate) unsafe fn skip(b: &[u8], mut i: usize, end: usize, bit: usize) -> usize {
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
        let hi = _mm512_shuffle_epi8(hi_table, _mm512_and_si512(_mm512_srli_epi16(v, 4), nibble));
        // The bytes past `n` were not read: they end the run.
        let miss = _mm512_testn_epi8_mask(lo, hi) | !first_bits(n);
        if miss != 0 {
            return i + miss.trailing_zeros() as usize;
        }
        i += 64;
    }
    i
}

/// `skip_text` from a lead, 64 bytes a block: with the masks of `skip_unicode` (and its
/// structure checks), and the pairs of `TEXT_END_PAIRS` from the block and the block one byte
/// before it.
///
/// A function of its own, compiled for AVX-512: inlined into `extract`'s kernel, it made
/// `extract` 5% slower on the log text of URLs and 4% on that of IRIs.
///
/// # Safety
/// The CPU has AVX-512 F, BW and VL.
#[inline(never)]
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
pub(crate) unsafe fn skip_text(b: &[u8], mut i: usize, end: usize, bit: usize) -> usize {
    let end = end.min(b.len());
    if i >= end || i < 3 || end < 19 {
        return i;
    }
    // SAFETY: the CPU has AVX-512 (the caller's contract).
    let t = unsafe { Tables512::new(bit) };
    let byte = |x: u8| _mm512_set1_epi8(x as i8);
    let entry = i;
    // As in `skip_unicode`: `i` is at a sequence boundary, or inside a sequence whose lead
    // the previous block checked; blocks follow each other without gap or overlap.
    while i < end {
        let n = (end - i).min(64);
        // SAFETY: `i >= 3`, `n <= 64`, `i + n <= end <= b.len()`.
        let m = unsafe { block512(b, i, n, &t) };
        // SAFETY: the masked loads read the `n` bytes at `i` and the `min(n + 1, 64)` at
        // `i - 1`, all in `b` (`i >= 3`, `i + n <= b.len()`), and no other; unaligned.
        let (v, v1) = unsafe {
            let p = b.as_ptr().add(i);
            (
                _mm512_maskz_loadu_epi8(first_bits(n), p.cast()),
                _mm512_maskz_loadu_epi8(first_bits(n + 1), p.sub(1).cast()),
            )
        };
        // Bit k of each is a stop at the lead `i + k - 1`, or at the ASCII byte there: one
        // that is not literal, the lead of a pair, a lead the tables do not decide (the walk
        // decodes it), or one whose second byte they do not take.
        let mut pairs = 0;
        for (lead, second) in crate::simd::TEXT_END_PAIRS {
            pairs |=
                _mm512_cmpeq_epi8_mask(v1, byte(lead)) & _mm512_cmpeq_epi8_mask(v, byte(second));
        }
        let stops =
            (u128::from(m.miss & !m.high | m.undecided) << 1) | u128::from(pairs | m.bad_second);
        // A stop before `entry` is not this run's: its lead was passed already.
        let stops = if i == entry { stops & !1 } else { stops };
        let first = stops.trailing_zeros() as usize;
        if first == 0 {
            // The lead at the end of the block before.
            return i - 1;
        }
        // The bytes passed from `i` (up to 64), and the structure of those and of the byte
        // after them (the zero after `end`, where no sequence may be cut off); the byte after
        // a whole block is the next block's.
        let span = (first - 1).min(64);
        let cut = span == 64 && i + 64 == end && cut_at_end(b, end);
        // Handed to the walk at the lead of the sequence the error is in or after: from the
        // block's start, the walk would take a character and come back to the same block.
        let bad = m.bad_structure & first_bits(span + 1);
        if bad != 0 {
            return last_lead(b, entry, i + bad.trailing_zeros() as usize);
        }
        if cut {
            return last_lead(b, entry, end);
        }
        if span < 64 {
            return i + span;
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
    let alm = _mm512_mask_cmpeq_epi8_mask(_mm512_cmpeq_epi8_mask(v1, byte(0xD8)), v, byte(0x9C));
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

impl Tables512 {
    /// The tables of the class bit `bit`, and of the leads.
    ///
    /// # Safety
    /// The CPU has AVX-512 F.
    #[inline(always)]
    unsafe fn new(bit: usize) -> Tables512 {
        // SAFETY: as this function's contract.
        unsafe {
            Tables512 {
                literal_lo: table512(&NIBBLE_LO[bit]),
                literal_hi: table512(&NIBBLE_HI),
                lead_lo: table512(&UTF8_LEAD_NIBBLE_LO),
                lead_hi: table512(&UTF8_LEAD_NIBBLE_HI),
            }
        }
    }
}

/// `skip_unicode` 64 bytes a block: each block read by masked loads up to `end`, which leave
/// zeros past it (not literal: the run stops there), so blocks never overlap and need no
/// shift. The same results as `skip_unicode` (the tests and the `fast_vs_scalar` fuzz target
/// compare the scanners).
#[inline(always)]
pub(crate) unsafe fn skip_unicode(
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
    let t = unsafe { Tables512::new(bit) };
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
        let cut = stop == 0 && i + 64 == end && cut_at_end(b, end);
        if m.bad_structure & first_bits(span + 1) != 0 || cut {
            return walk(b, last_lead(b, entry, i), end, literal, private);
        }
        // Bit k of `check` is the lead at `i + k - 1` (128 bits: a lead at the last byte).
        let check = (u128::from(m.undecided & in_span) << 1) | u128::from(m.bad_second & in_span);
        check_leads(b, i, check, end, private)?;
        if span < 64 {
            return Ok(i + span);
        }
        i += 64;
    }
    Ok(i)
}

/// The keys of a Punycode label (at most 16, `map::punycode::Label`) sorted into the front of
/// `sorted` by a bitonic network in one vector ([`sort8`] up to 8 keys, [`sort16`] past
/// them): no loop whose end depends on the label, and the encoding waits on the sort.
///
/// # Safety
/// The CPU has AVX-512 F, BW and VL, and `keys` holds at most 16.
#[inline(always)]
pub(crate) unsafe fn sort_keys(keys: &[u32], sorted: &mut [u32; 63]) {
    let n = keys.len();
    debug_assert!(n <= 16);
    // The keys, and `u32::MAX` past them, which sorts last.
    // SAFETY: the masked load reads the `n` keys and no other; unaligned.
    let v = unsafe {
        _mm512_mask_loadu_epi32(
            _mm512_set1_epi32(-1),
            ((1u32 << n) - 1) as u16,
            keys.as_ptr().cast(),
        )
    };
    // SAFETY: the CPU has AVX-512 F and VL (this function's contract).
    let v = unsafe {
        if n <= 8 {
            _mm512_castsi256_si512(sort8(_mm512_castsi512_si256(v)))
        } else {
            sort16(v)
        }
    };
    // SAFETY: `sorted` holds 63 `u32`; an unaligned store of 16.
    unsafe { _mm512_storeu_si512(sorted.as_mut_ptr().cast(), v) };
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

/// [`sort8`] of the first 8 of `v` and [`sort16`] of all 16, for the tests.
///
/// # Safety
/// The CPU has AVX-512 F and VL.
#[cfg(test)]
#[target_feature(enable = "avx512f,avx512vl")]
pub(crate) unsafe fn sort_networks(v: [u32; 16]) -> ([u32; 8], [u32; 16]) {
    let (mut eight, mut sixteen) = ([0u32; 8], [0u32; 16]);
    // SAFETY: unaligned loads and stores of arrays of 8 and 16 `u32`.
    unsafe {
        let wide = _mm512_loadu_si512(v.as_ptr().cast());
        _mm256_storeu_si256(
            eight.as_mut_ptr().cast(),
            sort8(_mm512_castsi512_si256(wide)),
        );
        _mm512_storeu_si512(sixteen.as_mut_ptr().cast(), sort16(wide));
    }
    (eight, sixteen)
}

/// [`LintMasks`] 64 bytes a block: the same masks as `LintMasks::portable` (tested).
///
/// # Safety
/// The CPU has AVX-512 F and BW.
///
/// # Panics
/// If `b` is longer than `64 * W` bytes.
#[target_feature(enable = "avx512f,avx512bw")]
pub(crate) unsafe fn lint_masks<const W: usize>(b: &[u8]) -> LintMasks<W> {
    assert!(b.len() <= 64 * W);
    let byte = |x: u8| _mm512_set1_epi8(x as i8);
    let mut m = LintMasks::ZERO;
    for w in 0..b.len().div_ceil(64) {
        // SAFETY: the CPU has AVX-512 F and BW (this function's contract).
        let v = unsafe { line_block(b, w) };
        let eq = |x: u8| _mm512_cmpeq_epi8_mask(v, byte(x));
        m.lead[w] = _mm512_cmpge_epu8_mask(v, byte(0xC0));
        m.rtl_lead[w] =
            _mm512_cmpge_epu8_mask(v, byte(0xD6)) & _mm512_cmple_epu8_mask(v, byte(0xDF));
        let lower = _mm512_or_si512(v, byte(0x20));
        m.letter[w] =
            _mm512_cmpge_epu8_mask(lower, byte(b'a')) & _mm512_cmple_epu8_mask(lower, byte(b'z'));
        m.percent[w] = eq(b'%');
        m.dot[w] = eq(b'.');
        m.slash[w] = eq(b'/');
        m.ampersand[w] = eq(b'&') | eq(b';');
        m.equals[w] = eq(b'=');
    }
    m
}

/// Whether `b` is all ASCII, 64 bytes at a time: the blocks or-ed together, each read by a
/// masked load, one test at the end.
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
pub(crate) unsafe fn is_ascii(b: &[u8]) -> bool {
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
pub(crate) unsafe fn count_non_ascii(s: &[u8]) -> usize {
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
