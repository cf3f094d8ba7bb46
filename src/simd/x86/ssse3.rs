//! SSSE3 (with POPCNT): the 16-byte wide check of the scanner and the 16-byte percent-encoder.

use super::{check_leads, cut_at_end, grow_for, last_lead, walk};
use crate::tables::{NIBBLE_HI, NIBBLE_LO, UTF8_LEAD_NIBBLE_HI, UTF8_LEAD_NIBBLE_LO};
use std::arch::x86_64::*;

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

impl Tables {
    /// The tables of the class bit `bit`, and of the leads.
    ///
    /// # Safety
    /// The CPU has SSE2.
    #[inline(always)]
    unsafe fn new(bit: usize) -> Tables {
        // SAFETY: the four tables are 16 bytes each; loads are unaligned.
        unsafe {
            Tables {
                literal_lo: _mm_loadu_si128(NIBBLE_LO[bit].as_ptr().cast()),
                literal_hi: _mm_loadu_si128(NIBBLE_HI.as_ptr().cast()),
                lead_lo: _mm_loadu_si128(UTF8_LEAD_NIBBLE_LO.as_ptr().cast()),
                lead_hi: _mm_loadu_si128(UTF8_LEAD_NIBBLE_HI.as_ptr().cast()),
            }
        }
    }
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

#[inline(always)]
pub(crate) unsafe fn skip_unicode(
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
    // SAFETY: the CPU has SSSE3 (the caller's contract).
    let t = unsafe { Tables::new(bit) };
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
        let cut = stop == 0 && at + 16 == end && cut_at_end(b, end);
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

/// See `simd::push_percent_encoded`. Each block of 16 octets: stored as it is when ASCII;
/// otherwise its hex digits come from two table shuffles, four interleavings make the source
/// vector of each group of four octets, and one shuffle per group writes it (4 to 12 bytes;
/// the 16-byte stores overlap, each next one overwriting what the last left past its end).
/// The last, partial block is copied into a block of zeros, which are ASCII: the bytes they
/// write are cut off.
#[target_feature(enable = "ssse3,popcnt")]
pub(crate) unsafe fn push_percent_encoded(out: &mut Vec<u8>, s: &[u8]) {
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

/// `skip_text` from a lead, 16 bytes a block: with the blocks of `skip_unicode` (and its
/// structure checks), and the pairs of `TEXT_END_PAIRS` from the block and the 16 bytes one
/// before it.
#[inline(always)]
pub(crate) unsafe fn skip_text(b: &[u8], mut i: usize, end: usize, bit: usize) -> usize {
    let end = end.min(b.len());
    if i >= end || i < 3 || end < 19 {
        return i;
    }
    // SAFETY: the CPU has SSSE3 (the caller's contract).
    let t = unsafe { Tables::new(bit) };
    let entry = i;
    // As in `skip_unicode`: blocks follow each other without gap or overlap, but for the last,
    // which drops the bytes before `i`.
    while i < end {
        let at = if i + 16 <= end { i } else { end - 16 };
        let shift = i - at;
        let width = 16 - shift;
        // SAFETY: `at + 16 <= end <= b.len()` and `at >= 3`, as in `skip_unicode`.
        let m = unsafe { block(b, at, shift, t) };
        // SAFETY: 16 bytes at `at` and at `at - 1`, in `b` as above; unaligned.
        let (v, v1) = unsafe {
            let p = b.as_ptr().add(at);
            (_mm_loadu_si128(p.cast()), _mm_loadu_si128(p.sub(1).cast()))
        };
        let mut pairs = _mm_setzero_si128();
        for (lead, second) in crate::simd::TEXT_END_PAIRS {
            let pair = _mm_and_si128(
                _mm_cmpeq_epi8(v1, _mm_set1_epi8(lead as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(second as i8)),
            );
            pairs = _mm_or_si128(pairs, pair);
        }
        let pairs = (_mm_movemask_epi8(pairs) as u32) >> shift;
        // Bit k is a stop at the lead `i + k - 1`, or at the ASCII byte there, as in the
        // AVX-512 `skip_text`.
        let stops = ((m.miss & !m.high | m.undecided) << 1) | pairs | m.bad_second;
        // A stop before `entry` is not this run's: its lead was passed already.
        let stops = if i == entry { stops & !1 } else { stops };
        let first = stops.trailing_zeros() as usize;
        if first == 0 {
            // The lead at the end of the block before.
            return i - 1;
        }
        let span = (first - 1).min(width);
        let cut = span == width && at + 16 == end && cut_at_end(b, end);
        // Handed to the walk at the lead of the sequence the error is in or after, as in the
        // AVX-512 `skip_text`.
        let bad = m.bad_structure & ((2u32 << span) - 1);
        if bad != 0 {
            return last_lead(b, entry, i + bad.trailing_zeros() as usize);
        }
        if cut {
            return last_lead(b, entry, end);
        }
        if span < width {
            return i + span;
        }
        i = at + 16;
    }
    i
}

#[inline(always)]
pub(crate) unsafe fn skip(b: &[u8], mut i: usize, end: usize, bit: usize) -> usize {
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
