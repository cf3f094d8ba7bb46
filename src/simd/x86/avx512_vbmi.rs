//! AVX-512 VBMI and VBMI2 (with F, BW, VL and POPCNT): the 64-byte percent-encoder and the
//! split of a host into code points for the fast path of IDNA.

use super::grow_for;
use crate::simd::host_split::{AsciiClasses, HostPoints, MAX_BYTES};
use crate::tables::idna_class_of;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

/// See `simd::push_percent_encoded`, with AVX-512. Each chunk of 64 octets is read by one
/// masked load, and its four blocks of 16 written one after the other without a loop (a
/// block past the end writes nothing), so that a line of up to 64 octets takes one trip and
/// no branch on its length. For the whole chunk, each octet's first byte (itself, or "%"
/// where it is non-ASCII) and its two hex digits (by table shuffles; zero where it is ASCII).
/// Each block: a 4-byte slot per octet, its first byte and its digits gathered by two byte
/// permutes (VBMI), and one compression (VBMI2) that keeps the first byte of each slot and
/// the digits: the block's result, 0 to 48 bytes, written by a masked store. The digits are
/// gathered from the chunk's, rather than computed for each block widened (docs/performance.md).
/// Nothing is written past the result, so `out` needs no slack.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
pub(crate) unsafe fn push_percent_encoded(out: &mut Vec<u8>, s: &[u8]) {
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
            let slots = _mm512_maskz_permutex2var_epi8(OCTET_HIGH, firsts, index[k], high_digits);
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

/// Byte k is k.
static IOTA: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = k as u8;
        k += 1;
    }
    t
};

/// By the high nibble of a lead (RFC 3629 3): the bits of the lead that belong to the code
/// point, and how far the lead's bits and the 18 of the next three bytes are shifted right to
/// drop the bytes past the sequence. A continuation byte never leads.
static LEAD_BITS: [u32; 16] = [
    0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 0, 0, 0x1F, 0x1F, 0x0F, 0x07,
];
static LEAD_SHIFT: [u32; 16] = [18, 18, 18, 18, 18, 18, 18, 18, 0, 0, 0, 0, 12, 12, 6, 0];

/// See `simd::split_host`: writes every field of `out`.
///
/// # Safety
/// The CPU has AVX-512 F, BW, VL, VBMI and VBMI2, and `host` is at most 64 bytes of UTF-8.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
pub(crate) unsafe fn split_host(
    host: &[u8],
    ascii: &AsciiClasses,
    out: &mut MaybeUninit<HostPoints>,
) {
    debug_assert!(host.len() <= 64);
    let first = |n: usize| if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    let live = first(host.len());
    // SAFETY: the masked load reads the bytes of `host` and no other; `ascii`'s tables are
    // 128 bytes, read as two vectors each; `IOTA` is 64 bytes. All loads are unaligned.
    let (v, lower_lo, lower_hi, code_lo, code_hi, iota) = unsafe {
        (
            _mm512_maskz_loadu_epi8(live, host.as_ptr().cast()),
            _mm512_loadu_si512(ascii.lower.as_ptr().cast()),
            _mm512_loadu_si512(ascii.lower.as_ptr().add(64).cast()),
            _mm512_loadu_si512(ascii.code.as_ptr().cast()),
            _mm512_loadu_si512(ascii.code.as_ptr().add(64).cast()),
            _mm512_loadu_si512(IOTA.as_ptr().cast()),
        )
    };
    let byte = |b: u8| _mm512_set1_epi8(b as i8);
    let continuation =
        _mm512_mask_cmpeq_epi8_mask(live, _mm512_and_si512(v, byte(0xC0)), byte(0x80));
    let leads = live & !continuation;
    let high = _mm512_movepi8_mask(v);
    let byte_dots = _mm512_mask_cmpeq_epi8_mask(live, v, byte(b'.'));
    let len = leads.count_ones() as usize;
    let points = first(len);
    // Byte k of `at`: where code point k starts; the lead of each code point and the three
    // bytes after it (past the host, whatever `vpermb` wraps to: the decoding drops them).
    let at = _mm512_maskz_compress_epi8(leads, iota);
    let at1 = _mm512_add_epi8(at, byte(1));
    let at2 = _mm512_add_epi8(at1, byte(1));
    let at3 = _mm512_add_epi8(at2, byte(1));
    let b0 = _mm512_permutexvar_epi8(at, v);
    let bytes = [
        b0,
        _mm512_permutexvar_epi8(at1, v),
        _mm512_permutexvar_epi8(at2, v),
        _mm512_permutexvar_epi8(at3, v),
    ];
    let is_ascii = _mm512_mask_cmplt_epu8_mask(points, b0, byte(0x80));
    let dots = _mm512_mask_cmpeq_epi8_mask(points, b0, byte(b'.'));
    // The code points above ASCII as Punycode's keys, 16 at a time, written in place (the
    // 80 zeroed first, so that all of them are set).
    let out = out.as_mut_ptr();
    // SAFETY: `out` points to a `HostPoints`, whose `keys` are 80 `u32`: five vectors;
    // unaligned stores.
    let keys = unsafe {
        let keys = std::ptr::addr_of_mut!((*out).keys).cast::<u32>();
        for k in 0..5 {
            _mm512_storeu_si512(keys.add(16 * k).cast(), _mm512_setzero_si512());
        }
        keys
    };
    let mut count = 0;
    let above = points & !is_ascii;
    for j in 0..len.div_ceil(16) {
        // SAFETY: `j < 4`, and at most `16 * j` keys were written before: the 16 written
        // here fit in the 80 of `keys` (this function's contract covers the CPU).
        unsafe { count += key_chunk(bytes, j, (above >> (16 * j)) as u16, keys.add(count)) };
    }
    // The class of each key's code point (`tables::idna_class_of`: two loads each, which no
    // step waits on), at its place among the code points; then those of ASCII.
    let mut class = [0u8; MAX_BYTES];
    for k in 0..count {
        // SAFETY: `count` keys were written, from `keys`.
        let key = unsafe { *keys.add(k) };
        class[(key & 63) as usize] = idna_class_of(key >> 6).bits();
    }
    // The ASCII bytes other than ".", mapped, in order (`vpermi2b` reads the 128-byte table by
    // the low 7 bits of each byte); the class code of each ASCII code point.
    let lower = _mm512_permutex2var_epi8(lower_lo, v, lower_hi);
    let basic = _mm512_maskz_compress_epi8(live & !high & !byte_dots, lower);
    let ascii_code = _mm512_permutexvar_epi8(at, _mm512_permutex2var_epi8(code_lo, v, code_hi));
    // SAFETY: `class` is 64 bytes; the load is unaligned.
    let class = _mm512_mask_blend_epi8(
        is_ascii,
        unsafe { _mm512_loadu_si512(class.as_ptr().cast()) },
        ascii_code,
    );
    let classed = points & !dots;
    let class = _mm512_maskz_mov_epi8(classed, class);
    let code = _mm512_and_si512(class, byte(7));
    let mut codes = [0u64; 8];
    for (c, codes) in codes.iter_mut().enumerate().skip(1) {
        *codes = _mm512_mask_cmpeq_epi8_mask(classed, code, byte(c as u8));
    }
    let mut flags = [0u64; 8];
    for (b, flag) in flags.iter_mut().enumerate() {
        *flag = _mm512_mask_test_epi8_mask(classed, class, byte(1 << b));
    }
    // SAFETY: `out` points to a `HostPoints`; each field but `keys` (written above) is
    // written here. A vector of 64 bytes is 64 bytes, any value valid.
    unsafe {
        std::ptr::addr_of_mut!((*out).len).write(len);
        std::ptr::addr_of_mut!((*out).dots).write(dots);
        std::ptr::addr_of_mut!((*out).byte_dots).write(byte_dots);
        std::ptr::addr_of_mut!((*out).ascii).write(is_ascii & !dots);
        std::ptr::addr_of_mut!((*out).unclassed).write(_mm512_mask_cmpeq_epi8_mask(
            classed,
            class,
            _mm512_setzero_si512(),
        ));
        std::ptr::addr_of_mut!((*out).flags).write(flags);
        std::ptr::addr_of_mut!((*out).codes).write(codes);
        _mm512_storeu_si512(std::ptr::addr_of_mut!((*out).class).cast(), class);
        _mm512_storeu_si512(std::ptr::addr_of_mut!((*out).basic).cast(), basic);
    }
}

/// Writes the keys (`value << 6 | k`) of the code points `16 * j + l` for the bits `l` of
/// `above` to `keys`, from the lanes of `bytes` (each code point's lead and the three bytes
/// after it), and returns their number.
///
/// # Safety
/// `j < 4`, `keys` is valid for writing 16 `u32`, and the CPU has AVX-512 F, BW and VL.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt")]
unsafe fn key_chunk(bytes: [__m512i; 4], j: usize, above: u16, keys: *mut u32) -> usize {
    debug_assert!(j < 4);
    // Lanes 16j to 16j + 15 moved down and widened to 32 bits.
    let lane = _mm512_set1_epi32(4 * j as i32);
    let lane = _mm512_add_epi32(
        lane,
        _mm512_setr_epi32(0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    );
    let widen = |x: __m512i| {
        _mm512_cvtepu8_epi32(_mm512_castsi512_si128(_mm512_permutexvar_epi32(lane, x)))
    };
    let [d0, d1, d2, d3] = bytes.map(widen);
    let dword = |x: u32| _mm512_set1_epi32(x as i32);
    // SAFETY: the tables are 16 dwords each; the loads are unaligned.
    let (lead_bits, lead_shift) = unsafe {
        (
            _mm512_loadu_si512(LEAD_BITS.as_ptr().cast()),
            _mm512_loadu_si512(LEAD_SHIFT.as_ptr().cast()),
        )
    };
    // RFC 3629 3: the lead's bits, then six of each byte after it, the extra ones shifted out.
    let nibble = _mm512_srli_epi32::<4>(d0);
    let six = dword(0x3F);
    let tail = _mm512_or_si512(
        _mm512_slli_epi32::<12>(_mm512_and_si512(d1, six)),
        _mm512_or_si512(
            _mm512_slli_epi32::<6>(_mm512_and_si512(d2, six)),
            _mm512_and_si512(d3, six),
        ),
    );
    let lead = _mm512_and_si512(d0, _mm512_permutexvar_epi32(nibble, lead_bits));
    let point = _mm512_srlv_epi32(
        _mm512_or_si512(_mm512_slli_epi32::<18>(lead), tail),
        _mm512_permutexvar_epi32(nibble, lead_shift),
    );
    let index = _mm512_add_epi32(
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
        dword(16 * j as u32),
    );
    let key = _mm512_or_si512(_mm512_slli_epi32::<6>(point), index);
    // SAFETY: `keys` is valid for 16 `u32` (the contract); unaligned.
    unsafe { _mm512_storeu_si512(keys.cast(), _mm512_maskz_compress_epi32(above, key)) };
    above.count_ones() as usize
}
