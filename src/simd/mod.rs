//! The fast paths: every vector routine of the crate, and the one place with `unsafe`.
//!
//! Laid out as memchr's `arch` is: each routine has a portable version (`portable.rs`, or a
//! byte-at-a-time twin beside the vector one) and per-ISA versions (`x86/`); the CPU's [`Level`]
//! is detected once, and the safe functions here pick the version for it. Each function that
//! takes a level (`*_at`) runs the version of that level, so that the tests, and the fuzz
//! targets through the crate's hidden hooks, run every level this CPU has against the portable
//! one.
//!
//! Code of other modules that must be compiled for a level (the scanner's walk, whose wide check
//! inlines into its loops; Punycode, whose population counts want POPCNT) implements [`Kernel`]:
//! [`dispatch`] runs it in a function compiled with the level's target features, and hands it a
//! [`Cpu`] token, the proof that the CPU has them, which the safe entry points of that level
//! take. Off x86-64 only the portable versions exist.

// The portable references and checks of the fast paths serve the tests and the `internals`
// hooks; without them they are unused here. Dead code is checked in the build with them
// (`cargo clippy --all-features`).
#![cfg_attr(
    not(any(test, feature = "internals")),
    allow(dead_code, unused_imports)
)]

mod ascii_bytes;
mod host_split;
mod line_masks;
mod portable;
mod windows;
#[cfg(target_arch = "x86_64")]
mod x86;

pub(crate) use ascii_bytes::AsciiBytes;
pub(crate) use host_split::{split_host, split_host_at, AsciiClasses, HostPoints, MAX_BYTES};
pub(crate) use line_masks::{LineMasks, LintMasks, Utf8Masks};
#[cfg(feature = "internals")]
pub(crate) use windows::check_windows;
pub(crate) use windows::{any_in_windows, ascii_uppercase, colons, hyphen_pairs, non_ascii};
pub(crate) use windows::{percent_to_check, slash_dot_pairs};

/// A set of CPU features the fast paths use, each level having those of the levels below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Level {
    /// No vector code: the byte-at-a-time versions, the reference of the others.
    Portable = PORTABLE,
    /// SSSE3 and POPCNT: the 16-byte wide check and percent-encoder, Punycode's counts.
    Ssse3 = SSSE3,
    /// AVX-512 F, BW and VL, and POPCNT: the 64-byte wide check, the line check.
    Avx512 = AVX512,
    /// AVX-512 VBMI and VBMI2 besides: the line check's UTF-8 classes by `vpermb`, the 64-byte
    /// percent-encoder, the split of hosts.
    Avx512Vbmi = AVX512_VBMI,
}

/// [`Level::Portable`] as a const parameter (of [`Cpu`], [`Kernel::run`]).
pub(crate) const PORTABLE: u8 = 0;
/// [`Level::Ssse3`] as a const parameter.
pub(crate) const SSSE3: u8 = 1;
/// [`Level::Avx512`] as a const parameter.
pub(crate) const AVX512: u8 = 2;
/// [`Level::Avx512Vbmi`] as a const parameter.
pub(crate) const AVX512_VBMI: u8 = 3;

impl Level {
    /// Every level, lowest first.
    pub(crate) const ALL: [Level; 4] = [
        Level::Portable,
        Level::Ssse3,
        Level::Avx512,
        Level::Avx512Vbmi,
    ];

    fn from_u8(level: u8) -> Level {
        match level {
            SSSE3 => Level::Ssse3,
            AVX512 => Level::Avx512,
            AVX512_VBMI => Level::Avx512Vbmi,
            _ => Level::Portable,
        }
    }
}

/// `input` as a `str`, once the scanner has accepted it ([`crate::scan::scan`] returned its
/// positions). The scanner checks every byte against RFC 3629's UTF-8 syntax, at every level,
/// and the tests and fuzz targets hold its verdict to `std`'s; checking again would take about
/// as long as the scan on non-ASCII text.
#[inline]
pub(crate) fn scanned_str(input: &[u8]) -> &str {
    debug_assert!(
        std::str::from_utf8(input).is_ok(),
        "the scanner let invalid UTF-8 through"
    );
    // SAFETY: the scanner accepted `input`, so it is UTF-8 (above).
    unsafe { std::str::from_utf8_unchecked(input) }
}

/// The level of this CPU, detected once: asked of every line, and one load, where each
/// `is_x86_feature_detected!` takes a load and a test.
#[inline(always)]
pub(crate) fn level() -> Level {
    use std::sync::atomic::{AtomicU8, Ordering};
    /// The level plus one; 0 until detected.
    static LEVEL: AtomicU8 = AtomicU8::new(0);
    match LEVEL.load(Ordering::Relaxed) {
        0 => {
            let detected = detect();
            LEVEL.store(detected as u8 + 1, Ordering::Relaxed);
            detected
        }
        known => Level::from_u8(known - 1),
    }
}

/// The level of this CPU, from CPUID.
#[cold]
fn detect() -> Level {
    #[cfg(target_arch = "x86_64")]
    {
        use std::is_x86_feature_detected as has;
        if !(has!("ssse3") && has!("popcnt")) {
            Level::Portable
        } else if !(has!("avx512f") && has!("avx512bw") && has!("avx512vl")) {
            Level::Ssse3
        } else if !(has!("avx512vbmi") && has!("avx512vbmi2")) {
            Level::Avx512
        } else {
            Level::Avx512Vbmi
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    Level::Portable
}

/// Calls `f` with each level this CPU has, lowest first, and prints those it lacks: for the
/// tests, which compare each level with the portable one.
#[cfg(test)]
pub(crate) fn for_each_level(mut f: impl FnMut(Level)) {
    for l in Level::ALL {
        if l <= level() {
            f(l);
        } else {
            eprintln!("{l:?}: not on this CPU, not tested");
        }
    }
}

/// The proof that the CPU has the features of level `L` (one of [`PORTABLE`], [`SSSE3`],
/// [`AVX512`], [`AVX512_VBMI`]): only [`dispatch`] makes one above `PORTABLE`, after detection,
/// so that the entry points that take one may run that level's code without a test.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cpu<const L: u8> {
    _proof: (),
}

/// The token of the portable level, which every CPU has.
pub(crate) const fn portable() -> Cpu<PORTABLE> {
    Cpu { _proof: () }
}

/// Code of another module compiled once per level: [`dispatch`] runs [`Kernel::run`] in a
/// function compiled with the level's target features, so that it should be `#[inline(always)]`
/// for them to reach its loops.
pub(crate) trait Kernel {
    /// What the kernel returns.
    type Output;
    /// Runs the kernel at level `L`; `cpu` is the proof that the CPU has it.
    fn run<const L: u8>(self, cpu: Cpu<L>) -> Self::Output;
}

/// Runs `kernel` at `level`, or at the level of this CPU if that is lower.
#[inline(always)]
pub(crate) fn dispatch<K: Kernel>(level: Level, kernel: K) -> K::Output {
    #[cfg(target_arch = "x86_64")]
    {
        match level.min(self::level()) {
            Level::Portable => kernel.run(portable()),
            // SAFETY: the CPU has SSSE3 and POPCNT (its level is at least `Ssse3`).
            Level::Ssse3 => unsafe { x86::run_ssse3(kernel) },
            // SAFETY: the CPU has AVX-512 F, BW and VL, and POPCNT (its level is at least
            // `Avx512`).
            Level::Avx512 => unsafe { x86::run_avx512(kernel) },
            // SAFETY: the CPU has AVX-512 F, BW, VL, VBMI and VBMI2, and POPCNT (its level is
            // `Avx512Vbmi`).
            Level::Avx512Vbmi => unsafe { x86::run_avx512_vbmi(kernel) },
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = level;
        kernel.run(portable())
    }
}

/// From `i`, skips the bytes whose class (`tables::ascii`) has the bit `literal` (one bit), up to
/// `end`: the first offset at which a byte lacks it, or `end`; or `i` itself, for the caller's
/// byte walk to go on from, at the portable level and where `end < 16`.
#[inline(always)]
pub(crate) fn skip<const L: u8>(
    cpu: Cpu<L>,
    b: &[u8],
    i: usize,
    end: usize,
    literal: u16,
) -> usize {
    let _ = cpu;
    #[cfg(target_arch = "x86_64")]
    {
        let bit = literal.trailing_zeros() as usize;
        if L >= AVX512 {
            // SAFETY: `cpu` proves AVX-512 F, BW and VL.
            return unsafe { x86::avx512::skip(b, i, end, bit) };
        }
        if L >= SSSE3 {
            // SAFETY: `cpu` proves SSSE3.
            return unsafe { x86::ssse3::skip(b, i, end, bit) };
        }
    }
    let _ = (b, end, literal);
    i
}

/// The first two bytes of the UTF-8 form of each character that ends an IRI in running text,
/// white space, the zero width spaces and quotation marks (`extract::ends_an_iri`), and of the
/// punctuation and brackets of Chinese and Japanese text (`extract::is_cjk_punctuation`,
/// `extract::cjk_bracket`), which share theirs: where [`skip_text`] stops for its caller to
/// decode the character. A test holds every such character to one of them.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) const TEXT_END_PAIRS: [(u8, u8); 13] = [
    (0xC2, 0x85), // U+0085
    (0xC2, 0xA0), // U+00A0
    (0xC2, 0xAB), // U+00AB
    (0xC2, 0xBB), // U+00BB
    (0xE1, 0x9A), // U+1680
    (0xE2, 0x80), // U+2000 to U+203F
    (0xE2, 0x81), // U+205F
    (0xE2, 0xB9), // U+2E42
    (0xE3, 0x80), // U+3000 to U+303F
    (0xEF, 0xB9), // U+FE41 to U+FE44
    (0xEF, 0xBB), // U+FEFF
    (0xEF, 0xBC), // U+FF02, U+FF07
    (0xEF, 0xBD), // U+FF62, U+FF63
];

/// For an IRI in running text: from `i`, skips the bytes whose class (`tables::ascii`) has the
/// bit `literal` (one bit) and the well-formed UTF-8 sequences (RFC 3629 4), up to `end`; stops
/// at the first byte it does not skip or at a lead before it (the lead of one of
/// [`TEXT_END_PAIRS`], of a sequence its tables do not decide, of a sequence cut by the block),
/// at a sequence boundary, for the caller's walk to decode the character there and go on. At
/// the portable level it returns `i` itself; above it, the ASCII up to the first byte >= 0x80
/// is skipped as [`skip`] skips it, and the rest only from a lead at 3 or more, with `end` at
/// 19 or more (a block reads the 3 bytes before it).
#[inline(always)]
pub(crate) fn skip_text<const L: u8>(
    cpu: Cpu<L>,
    b: &[u8],
    i: usize,
    end: usize,
    literal: u16,
) -> usize {
    // ASCII first, as `skip` reads it: the masks of sequences cost a URL a sixth of its time.
    let i = skip(cpu, b, i, end, literal);
    // Past ASCII, at a lead; not at a continuation byte, which the bytes before would seem to
    // continue: that is the walk's.
    if i >= end.min(b.len()) || b[i] < 0xC0 {
        return i;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let bit = literal.trailing_zeros() as usize;
        if L >= AVX512 {
            // SAFETY: `cpu` proves AVX-512 F, BW and VL.
            return unsafe { x86::avx512::skip_text(b, i, end, bit) };
        }
        if L >= SSSE3 {
            // SAFETY: `cpu` proves SSSE3.
            return unsafe { x86::ssse3::skip_text(b, i, end, bit) };
        }
    }
    i
}

/// For a component that admits `ucschar` (and `iprivate` if `private`), 3987bis 2.2: from `i`,
/// skips the bytes that are literal (class bit `literal`) or >= 0x80, and checks every non-ASCII
/// code point among them, in order, with `tables::code_point`; `Err` with the offset of the first
/// one that is not admitted. Returns an offset up to which all was accepted, at the first ASCII
/// byte that is not literal or at `end`; or `i` itself at the portable level, or when `i < 3` or
/// `end < 19` (a block reads the 3 bytes before it), for the caller's walk to go on from.
///
/// One sweep finds where the run of literal and non-ASCII bytes stops, instead of leaving the
/// wide check at every switch between the two, as text in most scripts would make it do; only
/// the leads that `UTF8_LEAD_NIBBLE_*` and `UTF8_SECOND_BYTE_LEADS` do not decide go to the DFA.
#[inline(always)]
pub(crate) fn skip_unicode<const L: u8>(
    cpu: Cpu<L>,
    b: &[u8],
    i: usize,
    end: usize,
    literal: u16,
    private: bool,
) -> Result<usize, usize> {
    let _ = cpu;
    #[cfg(target_arch = "x86_64")]
    {
        if L >= AVX512 {
            // SAFETY: `cpu` proves AVX-512 F, BW and VL.
            return unsafe { x86::avx512::skip_unicode(b, i, end, literal, private) };
        }
        if L >= SSSE3 {
            // SAFETY: `cpu` proves SSSE3.
            return unsafe { x86::ssse3::skip_unicode(b, i, end, literal, private) };
        }
    }
    let _ = (b, end, literal, private);
    Ok(i)
}

/// The [`LineMasks`] of `b` (at most `64 * W` bytes): by AVX-512 from level `AVX512` on, a byte
/// at a time below.
#[inline(always)]
pub(crate) fn line_masks<const W: usize, const L: u8>(cpu: Cpu<L>, b: &[u8]) -> LineMasks<W> {
    assert!(b.len() <= 64 * W);
    let _ = cpu;
    #[cfg(target_arch = "x86_64")]
    if L >= AVX512 {
        // SAFETY: `cpu` proves AVX-512 F, BW and VL; `b` is at most `64 * W` bytes (asserted).
        return unsafe { x86::avx512::line_masks(b) };
    }
    LineMasks::portable(b)
}

/// The [`Utf8Masks`] of `b` (at most `64 * W` bytes): their odd leads by VBMI at level
/// `AVX512_VBMI` (`Utf8Masks::portable::<true>`'s), by the nibble tables below it (`portable::<false>`'s).
#[inline(always)]
pub(crate) fn utf8_masks<const W: usize, const L: u8>(cpu: Cpu<L>, b: &[u8]) -> Utf8Masks<W> {
    assert!(b.len() <= 64 * W);
    let _ = cpu;
    #[cfg(target_arch = "x86_64")]
    {
        if L >= AVX512_VBMI {
            // SAFETY: `cpu` proves AVX-512 F, BW, VL and VBMI; `b` is at most `64 * W` bytes.
            return unsafe { x86::avx512::utf8_masks::<W, true>(b) };
        }
        if L >= AVX512 {
            // SAFETY: `cpu` proves AVX-512 F, BW and VL; `b` is at most `64 * W` bytes.
            return unsafe { x86::avx512::utf8_masks::<W, false>(b) };
        }
    }
    Utf8Masks::portable::<false>(b)
}

/// The line masks of `b` at `level`, for the tests and the fuzz target, which compare them with
/// the portable ones; `None` below `Avx512`, whose line check does not use them, or where the CPU
/// lacks `level`.
#[allow(clippy::type_complexity)]
pub(crate) fn line_masks_at<const W: usize>(
    level: Level,
    b: &[u8],
) -> Option<(LineMasks<W>, Utf8Masks<W>)> {
    /// [`line_masks`] and [`utf8_masks`] as a kernel.
    struct Masks<'a, const W: usize>(&'a [u8]);
    impl<const W: usize> Kernel for Masks<'_, W> {
        type Output = (LineMasks<W>, Utf8Masks<W>);
        #[inline(always)]
        fn run<const L: u8>(self, cpu: Cpu<L>) -> Self::Output {
            (line_masks(cpu, self.0), utf8_masks(cpu, self.0))
        }
    }
    (level >= Level::Avx512 && level <= self::level()).then(|| dispatch(level, Masks::<W>(b)))
}

/// Sorts the keys of a Punycode label (at most 16) into the front of `sorted` by a sorting
/// network, at level `AVX512` and above, and returns true; false, with nothing done, otherwise.
#[inline(always)]
pub(crate) fn sort_keys<const L: u8>(cpu: Cpu<L>, keys: &[u32], sorted: &mut [u32; 63]) -> bool {
    let _ = cpu;
    #[cfg(target_arch = "x86_64")]
    if L >= AVX512 && keys.len() <= 16 {
        // SAFETY: `cpu` proves AVX-512 F, BW and VL; at most 16 keys.
        unsafe { x86::avx512::sort_keys(keys, sorted) };
        return true;
    }
    let _ = (keys, sorted);
    false
}

/// The [`LintMasks`] of `b` (at most `64 * W` bytes, `W` at most 2 below level `Avx512`): by
/// SSE2 from level `Ssse3` on, by AVX-512 from level `Avx512` on; `None` at level `Portable`.
#[inline]
pub(crate) fn lint_masks<const W: usize>(b: &[u8]) -> Option<LintMasks<W>> {
    lint_masks_at(level(), b)
}

/// [`lint_masks`] at `level` (or this CPU's, if lower), for the tests.
#[inline(always)]
pub(crate) fn lint_masks_at<const W: usize>(level: Level, b: &[u8]) -> Option<LintMasks<W>> {
    #[cfg(target_arch = "x86_64")]
    if level.min(self::level()) >= Level::Avx512 {
        // SAFETY: the CPU has AVX-512 F and BW (its level is at least `Avx512`).
        return Some(unsafe { x86::avx512::lint_masks(b) });
    }
    #[cfg(target_arch = "x86_64")]
    if level >= Level::Ssse3 {
        return Some(x86::sse2::lint_masks(b));
    }
    let _ = (level, b);
    None
}

/// Whether `b` is all ASCII. The mappings ask it of every line: a URI maps to itself (3987bis
/// 3.3).
#[inline]
pub(crate) fn is_ascii(b: &[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if level() >= Level::Avx512 {
            // SAFETY: the CPU has AVX-512 F, BW and VL (its level is at least `Avx512`).
            return unsafe { x86::avx512::is_ascii(b) };
        }
        // SSE2 is part of x86-64.
        x86::is_ascii(b)
    }
    #[cfg(not(target_arch = "x86_64"))]
    b.is_ascii()
}

/// [`is_ascii`] at `level` (or this CPU's, if lower), for the tests: std's test at `Portable`,
/// SSE2 at `Ssse3`, AVX-512 above.
pub(crate) fn is_ascii_at(level: Level, b: &[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    match level.min(self::level()) {
        Level::Portable => {}
        Level::Ssse3 => return x86::is_ascii(b),
        // SAFETY: the CPU has AVX-512 F, BW and VL (its level is at least `Avx512`).
        Level::Avx512 | Level::Avx512Vbmi => return unsafe { x86::avx512::is_ascii(b) },
    }
    let _ = level;
    b.is_ascii()
}

/// The number of octets >= 0x80 in `s`.
#[inline]
pub(crate) fn count_non_ascii(s: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if level() >= Level::Avx512 {
            // SAFETY: the CPU has AVX-512 F, BW and VL, and POPCNT (its level is at least
            // `Avx512`).
            return unsafe { x86::avx512::count_non_ascii(s) };
        }
        // SSE2 is part of x86-64.
        x86::count_non_ascii(s)
    }
    #[cfg(not(target_arch = "x86_64"))]
    portable::count_non_ascii(s)
}

/// [`count_non_ascii`] at `level` (or this CPU's, if lower), for the tests.
pub(crate) fn count_non_ascii_at(level: Level, s: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    match level.min(self::level()) {
        Level::Portable => {}
        Level::Ssse3 => return x86::count_non_ascii(s),
        // SAFETY: the CPU has AVX-512 F, BW and VL, and POPCNT (its level is at least `Avx512`).
        Level::Avx512 | Level::Avx512Vbmi => return unsafe { x86::avx512::count_non_ascii(s) },
    }
    let _ = level;
    portable::count_non_ascii(s)
}

/// Appends `s` to `out` with each octet >= 0x80 written as its `%HH` triplet, uppercase
/// (3987bis 3.3): every byte written is ASCII. The vector encoders count the non-ASCII octets
/// as they go, a block at a time, and grow `out` only when a block would not fit: a caller that
/// reserved the result's length (and 32 bytes more) has no reallocation and no second pass to
/// count.
#[inline]
pub(crate) fn push_percent_encoded(out: &mut Vec<u8>, s: &[u8]) {
    #[cfg(target_arch = "x86_64")]
    {
        let level = level();
        if level == Level::Avx512Vbmi {
            // SAFETY: the CPU has AVX-512 F, BW, VL, VBMI and VBMI2, and POPCNT.
            return unsafe { x86::avx512_vbmi::push_percent_encoded(out, s) };
        }
        if level >= Level::Ssse3 {
            // SAFETY: the CPU has SSSE3 and POPCNT (its level is at least `Ssse3`).
            return unsafe { x86::ssse3::push_percent_encoded(out, s) };
        }
    }
    portable::push_percent_encoded(out, s);
}

/// [`push_percent_encoded`] at `level` (or this CPU's, if lower): 64 octets at a time at
/// `Avx512Vbmi` (byte permutes and compression), 16 at `Ssse3` and `Avx512`, one at a time at
/// `Portable`.
pub(crate) fn push_percent_encoded_at(level: Level, out: &mut Vec<u8>, s: &[u8]) {
    #[cfg(target_arch = "x86_64")]
    match level.min(self::level()) {
        Level::Portable => {}
        // SAFETY: the CPU has SSSE3 and POPCNT (its level is at least `Ssse3`).
        Level::Ssse3 | Level::Avx512 => return unsafe { x86::ssse3::push_percent_encoded(out, s) },
        // SAFETY: the CPU has AVX-512 F, BW, VL, VBMI and VBMI2, and POPCNT.
        Level::Avx512Vbmi => return unsafe { x86::avx512_vbmi::push_percent_encoded(out, s) },
    }
    let _ = level;
    portable::push_percent_encoded(out, s);
}

#[cfg(test)]
pub(crate) mod tests;
