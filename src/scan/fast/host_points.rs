//! The code points of a short host, split all at once with AVX-512, for the fast path of IDNA
//! (3987bis 3.4, `map/host.rs`, `fast_labels`).
//!
//! The walk of `fast_labels` takes a host a code point at a time, and each step's start waits on
//! the length of the one before: only the branch predictor lets it run ahead, and the labels of
//! Latin scripts, ASCII with a letter or two beyond, change length at every other step. A host of
//! at most 64 bytes fits one vector: here every code point is decoded at once (`vpcompressb`
//! picks the leads, `vpermb` the bytes after them), the classes of those above ASCII are read in
//! a loop whose steps wait on nothing, and the answers come back as bit masks over the code
//! points, for `fast_labels` to read the rules off a label at a time, and as the arrays Punycode
//! reads (`map::punycode::Label`).

/// The longest host split at once: one 64-byte vector.
pub(crate) const MAX_BYTES: usize = 64;

/// How the fast path of IDNA reads the ASCII bytes of a host: `lower[b]` the byte UTS #46 maps
/// `b` to (letters lowercased), `code[b]` its bidi class code, 0 for a byte the fast path does
/// not take (`map/host.rs`, `LDH`).
pub(crate) struct AsciiClasses {
    /// The mapped byte of each ASCII byte.
    pub(crate) lower: [u8; 128],
    /// The class code of each ASCII byte; 0 for those the fast path leaves to the `idna` crate.
    pub(crate) code: [u8; 128],
}

/// A host of at most [`MAX_BYTES`] bytes split into code points: bit k of each mask is about code
/// point k ("." included).
pub(crate) struct HostPoints {
    /// The number of code points.
    pub(crate) len: usize,
    /// The code points that are ".".
    pub(crate) dots: u64,
    /// The bytes that are "." (bit k for byte k).
    pub(crate) byte_dots: u64,
    /// The ASCII code points other than ".".
    pub(crate) ascii: u64,
    /// The code points other than "." of class 0: unclassed, or ASCII that the fast path leaves.
    pub(crate) unclassed: u64,
    /// The code points of each class bit of `tables::IdnaClass`: bit b of the class, bit k here.
    pub(crate) flags: [u64; 8],
    /// The code points of each bidi class code (the class's low three bits), 1 to 7.
    pub(crate) codes: [u64; 8],
    /// The class of each code point (for ASCII, its code in [`AsciiClasses`]).
    pub(crate) class: [u8; MAX_BYTES],
    /// The code points above ASCII, in order, each as `value << 6 | k` (`map::punycode::Label`).
    pub(crate) keys: [u32; MAX_BYTES + 16],
    /// The ASCII bytes other than ".", in order, mapped by [`AsciiClasses::lower`].
    pub(crate) basic: [u8; MAX_BYTES],
}

impl HostPoints {
    #[cfg(any(test, feature = "internals"))]
    fn empty() -> Self {
        HostPoints {
            len: 0,
            dots: 0,
            byte_dots: 0,
            ascii: 0,
            unclassed: 0,
            flags: [0; 8],
            codes: [0; 8],
            class: [0; MAX_BYTES],
            keys: [0; MAX_BYTES + 16],
            basic: [0; MAX_BYTES],
        }
    }
}

/// `then` of `host` split into code points and classed, where the CPU has AVX-512 (F, BW, VL,
/// VBMI and VBMI2) and the host is at most [`MAX_BYTES`] bytes; `None` otherwise.
#[inline(always)]
pub(crate) fn split<R>(
    host: &str,
    ascii: &AsciiClasses,
    then: impl FnOnce(&HostPoints) -> R,
) -> Option<R> {
    #[cfg(target_arch = "x86_64")]
    {
        if host.len() <= MAX_BYTES && super::has_avx512_vbmi2_vbmi() {
            // Not zeroed first: some 600 bytes, which the split writes all of.
            let mut points = std::mem::MaybeUninit::<HostPoints>::uninit();
            // SAFETY: the CPU has AVX-512 F, BW, VL, VBMI and VBMI2 (`has_avx512_vbmi2_vbmi`),
            // and `host` is at most 64 bytes. `x86::split` writes every field of `points`.
            let points = unsafe {
                x86::split(host.as_bytes(), ascii, &mut points);
                points.assume_init_ref()
            };
            return Some(then(points));
        }
    }
    let _ = (host, ascii, then);
    None
}

/// Compares `split` of `host` with `split_portable`, where the CPU takes the split and `host`
/// is at most 64 bytes, and panics where they differ: for the tests and the `to_uri` fuzz target
/// (`check_host_split`).
#[cfg(any(test, feature = "internals"))]
pub fn check_split(host: &str) {
    if host.len() > MAX_BYTES {
        return;
    }
    let ascii = &crate::map::ASCII_CLASSES;
    let want = split_portable(host, ascii);
    split(host, ascii, |wide| {
        let n = want.len;
        assert_eq!(wide.len, n, "{host:?}");
        assert_eq!(wide.dots, want.dots, "{host:?}");
        assert_eq!(wide.byte_dots, want.byte_dots, "{host:?}");
        assert_eq!(wide.ascii, want.ascii, "{host:?}");
        assert_eq!(wide.unclassed, want.unclassed, "{host:?}");
        assert_eq!(wide.flags, want.flags, "{host:?}");
        assert_eq!(wide.codes, want.codes, "{host:?}");
        assert_eq!(wide.class[..n], want.class[..n], "{host:?}");
        let basic = want.ascii.count_ones() as usize;
        let keys = n - (want.ascii | want.dots).count_ones() as usize;
        assert_eq!(wide.keys[..keys], want.keys[..keys], "{host:?}");
        assert_eq!(wide.basic[..basic], want.basic[..basic], "{host:?}");
    });
}

/// [`split`] a code point at a time, for any CPU, of a host of at most [`MAX_BYTES`] bytes: the
/// reference the tests and the fuzz target compare the vector split with.
#[cfg(any(test, feature = "internals"))]
fn split_portable(host: &str, ascii: &AsciiClasses) -> HostPoints {
    let mut p = HostPoints::empty();
    let (mut nb, mut nk) = (0, 0);
    let mut byte = 0;
    debug_assert!(host.len() <= MAX_BYTES);
    for (k, c) in host.chars().enumerate() {
        let cp = c as u32;
        let bit = 1u64 << k;
        let class = if c == '.' {
            p.dots |= bit;
            p.byte_dots |= 1 << byte;
            0
        } else if c.is_ascii() {
            p.ascii |= bit;
            p.basic[nb] = ascii.lower[cp as usize];
            nb += 1;
            ascii.code[cp as usize]
        } else {
            p.keys[nk] = cp << 6 | k as u32;
            nk += 1;
            crate::tables::idna_class_of(cp).bits()
        };
        if c != '.' {
            if class == 0 {
                p.unclassed |= bit;
            }
            for b in 0..8 {
                if class & 1 << b != 0 {
                    p.flags[b] |= bit;
                }
            }
            if class & 7 != 0 {
                p.codes[usize::from(class & 7)] |= bit;
            }
        }
        p.class[k] = class;
        p.len = k + 1;
        byte += c.len_utf8();
    }
    p
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{AsciiClasses, HostPoints};
    use crate::tables::idna_class_of;
    use std::arch::x86_64::*;
    use std::mem::MaybeUninit;

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

    /// See `super::split`: writes every field of `out`.
    ///
    /// # Safety
    /// The CPU has AVX-512 F, BW, VL, VBMI and VBMI2, and `host` is at most 64 bytes of UTF-8.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
    pub(super) unsafe fn split(
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
        let mut class = [0u8; super::MAX_BYTES];
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn examples() {
        for host in [
            "",
            "a",
            "résumé.example.org",
            "ÉCOLE.fr.",
            "例え.jp",
            "xn--rsum-bpad.org",
            "испытание.бел",
            "परीक्षा.भारत",
            "إختبار.مصر",
            "a\u{10FFFF}b\u{1F600}.\u{30000}.\u{E0100}",
            "..-_~%41",
            "ééééééééééééééééééééééééééééééé.é",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        ] {
            check_split(host);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Hosts of any characters up to 64 bytes, mostly from scripts of the fast path.
        #[test]
        fn vector_split_as_code_point_at_a_time(
            host in "([a-zA-Z0-9.\\-_]|[à-ž]|[α-ω]|[а-я]|[ऀ-ॿ]|[ا-ي]|[א-ת]|[ぁ-ん]|[一-鿿]|[\u{1F300}-\u{1F6FF}]|[\u{30000}-\u{3134F}]|\\PC){0,40}"
        ) {
            let mut host = host;
            while host.len() > MAX_BYTES {
                host.pop();
            }
            check_split(&host);
        }
    }
}
