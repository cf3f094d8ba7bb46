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

/// For a component that admits `ucschar` (and `iprivate` if `private`): from `i`, skips bytes
/// that are literal (class bit `literal`) or >= 0x80, 16 at a time, and checks every non-ASCII
/// code point among them, in order, with `super::code_point`; `Err` with the offset of the first
/// one that is not admitted. Returns an offset up to which all was accepted, at the first ASCII
/// byte that is not literal or at `end`; or `i` itself when `end < 16`, for the scalar walk to go
/// on from.
///
/// One sweep finds where the run of literal and non-ASCII bytes stops, instead of leaving the
/// wide check at every switch between the two, as text in most scripts would make it do; and
/// blocks whose every lead byte decides alone (`UTF8_LEAD_NIBBLE_*`) need no DFA walk at all.
#[inline(always)]
pub(super) fn skip_unicode(
    b: &[u8],
    i: usize,
    end: usize,
    literal: u16,
    private: bool,
) -> Result<usize, usize> {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: as for `skip`: only `Scanner::<true>`, compiled with SSSE3, reaches this.
        unsafe { x86::skip_unicode(b, i, end, literal.trailing_zeros() as usize, private) }
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
        x86::is_ascii(b)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        b.is_ascii()
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Error, Grammar, Positions, Scanner};
    use crate::scan::code_point;
    use crate::tables::{NIBBLE_HI, NIBBLE_LO, UTF8_LEAD_NIBBLE_HI, UTF8_LEAD_NIBBLE_LO};
    use std::arch::x86_64::*;

    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn scan(input: &[u8], grammar: Grammar) -> Result<Positions, Error> {
        Scanner::<true>::new(input, grammar).scan()
    }

    /// Bit masks over a block of 16 bytes, bit k for byte k.
    struct Block {
        /// Not literal in the component (bytes >= 0x80 included).
        miss: u32,
        /// Bytes >= 0x80.
        high: u32,
        /// Continuation bytes, 0x80 to 0xBF.
        cont: u32,
        /// Leads of `UTF8_LEAD_NIBBLE_*`: all their well-formed sequences are `ucschar`.
        safe: u32,
        /// Those of them that lead 3 bytes (the others lead 2: see build/utf8_dfa.rs).
        safe3: u32,
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
    /// `at + 16 <= b.len()`, and the CPU has SSSE3.
    #[inline(always)]
    unsafe fn block(b: &[u8], at: usize, shift: usize, t: Tables) -> Block {
        debug_assert!(at + 16 <= b.len());
        // SAFETY: the caller guarantees 16 readable bytes at `at`; the load is unaligned.
        let v = unsafe { _mm_loadu_si128(b.as_ptr().add(at).cast()) };
        let low = _mm_and_si128(v, _mm_set1_epi8(0x0F));
        let high = _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0F));
        let zero = _mm_setzero_si128();
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
        // The bit of the high nibble 0xE (`1 << (0xE - 8)`): leads of 3 bytes.
        let e = _mm_set1_epi8(0x40);
        Block {
            miss: mask(_mm_cmpeq_epi8(lit, zero)),
            high: mask(v),
            // Signed, 0x80 to 0xBF are -128 to -65.
            cont: mask(_mm_cmpgt_epi8(_mm_set1_epi8(-64), v)),
            safe: !mask(_mm_cmpeq_epi8(lead, zero)) & (0xFFFF >> shift),
            safe3: mask(_mm_cmpeq_epi8(_mm_and_si128(lead, e), e)),
        }
    }

    #[inline(always)]
    pub(super) unsafe fn skip_unicode(
        b: &[u8],
        mut i: usize,
        end: usize,
        bit: usize,
        private: bool,
    ) -> Result<usize, usize> {
        let end = end.min(b.len());
        if i >= end || end < 16 {
            return Ok(i);
        }
        // SAFETY: the four tables are 16 bytes each; loads are unaligned.
        let t = unsafe {
            Tables {
                literal_lo: _mm_loadu_si128(NIBBLE_LO[bit].as_ptr().cast()),
                literal_hi: _mm_loadu_si128(NIBBLE_HI.as_ptr().cast()),
                lead_lo: _mm_loadu_si128(UTF8_LEAD_NIBBLE_LO.as_ptr().cast()),
                lead_hi: _mm_loadu_si128(UTF8_LEAD_NIBBLE_HI.as_ptr().cast()),
            }
        };
        while i < end {
            // A block at `i`, or at the tail the last 16 bytes before `end`, of which the
            // `shift` before `i` are dropped from the masks.
            let at = if i + 16 <= end { i } else { end - 16 };
            let shift = i - at;
            // SAFETY: `at + 16 <= end <= b.len()`: `at` is `i` when `i + 16 <= end`, else
            // `end - 16` with `end >= 16`.
            let m = unsafe { block(b, at, shift, t) };
            // ASCII bytes that are not literal stop the run (a delimiter, "%", or an error).
            let stop = m.miss & !m.high;
            let span = if stop != 0 {
                stop.trailing_zeros()
            } else {
                16 - shift as u32
            };
            let in_span = (1u32 << span) - 1;

            // The common case, decided from the masks alone: every non-ASCII byte of the span is
            // a lead of `UTF8_LEAD_NIBBLE_*` or one of the continuation bytes that such a lead
            // needs (RFC 3629 3), so every sequence is a well-formed `ucschar`, as the DFA would
            // find. The last sequence may run past a full block (not past a stop or `end`): the
            // next block starts at its lead.
            let leads = m.high & !m.cont & in_span;
            let safe = m.safe & in_span;
            let safe3 = m.safe3 & in_span;
            let needed = (safe << 1) | (safe3 << 2);
            let past = needed & !in_span;
            if leads == safe
                && m.cont & in_span == needed & in_span
                && (past == 0 || (stop == 0 && shift == 0))
            {
                if stop != 0 {
                    return Ok(i + span as usize);
                }
                i += if past == 0 {
                    span as usize
                } else {
                    31 - leads.leading_zeros() as usize
                };
                continue;
            }

            // Otherwise the DFA, on each sequence of the span in turn: it may run into the next
            // block, never past the stop, as only bytes >= 0x80 continue a sequence.
            let mut next = i + span as usize;
            let mut starts = m.high & in_span;
            while starts != 0 {
                // A run of non-ASCII code points, checked one after the other.
                let mut at = i + starts.trailing_zeros() as usize;
                loop {
                    at = code_point(b, at, end, true, private).ok_or(at)?;
                    if at >= end || b[at] < 0x80 {
                        break;
                    }
                }
                starts &= u32::MAX.checked_shl((at - i) as u32).unwrap_or(0);
                next = next.max(at);
            }
            if stop != 0 {
                return Ok(next);
            }
            i = next;
        }
        Ok(i)
    }

    /// SSE2 is part of x86-64: no detection needed.
    #[inline]
    pub(super) fn is_ascii(b: &[u8]) -> bool {
        if b.len() < 16 {
            return b.is_ascii();
        }
        let mut high = 0;
        let mut at = 0;
        while at + 16 <= b.len() {
            // SAFETY: `at + 16 <= b.len()`; the load is unaligned; SSE2 is baseline on x86-64.
            high |= unsafe { _mm_movemask_epi8(_mm_loadu_si128(b.as_ptr().add(at).cast())) };
            at += 16;
        }
        // SAFETY: `b.len() >= 16`: the last 16 bytes, overlapping those already read.
        high |= unsafe { _mm_movemask_epi8(_mm_loadu_si128(b.as_ptr().add(b.len() - 16).cast())) };
        high == 0
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

#[cfg(test)]
mod tests {
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
        "\u{200E}".as_bytes(), "\u{202E}".as_bytes(), "\u{2066}".as_bytes(), // bidi
        "\u{E000}".as_bytes(), "\u{F8FF}".as_bytes(), "\u{F0000}".as_bytes(), // private
        "\u{E0001}".as_bytes(), "\u{E0FFF}".as_bytes(), // tags
        "\u{FFF0}".as_bytes(), "\u{FFFD}".as_bytes(), // specials
        "\u{FDD0}".as_bytes(), "\u{FFFE}".as_bytes(), "\u{1FFFF}".as_bytes(), // non-characters
        b"\x80", b"\xBF", b"\xC0\xAF", b"\xC1\xBF", b"\xC3", b"\xE4\xB8", b"\xE0\x80\x80",
        b"\xED\xA0\x80", b"\xF0\x9F\x98", b"\xF4\x90\x80\x80", b"\xF5\x80\x80\x80", b"\xFF",
        b"\xC3\xA9\xA9", b"\xE4\xB8\xAD\x80", // stray continuation after a good sequence
    ];

    /// The SSE2 test against std's, at every length and position of a high byte.
    #[test]
    fn is_ascii_agrees_with_std() {
        for n in 0..70 {
            let mut b = vec![b'a'; n];
            assert!(super::is_ascii(&b));
            for k in 0..n {
                b[k] = 0x80;
                assert_eq!(super::is_ascii(&b), b.is_ascii(), "{n} {k}");
                b[k] = b'a';
            }
        }
    }

    /// xorshift64*: reproducible inputs without a dependency.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
        }
    }

    fn check(input: &[u8]) {
        for grammar in Grammar::ALL {
            let wide = scan_wide(input, grammar);
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

    /// Random mixes of the pieces, cut at every length from 0 to 80 bytes (not only at piece
    /// boundaries, so that sequences are also truncated by the end of input).
    #[test]
    fn wide_agrees_with_scalar_on_generated_inputs() {
        if !available() {
            eprintln!("no SSSE3 here: the wide path cannot run");
            return;
        }
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let prefixes: [&[u8]; 5] = [b"", b"http://", b"http://h/", b"x:/p?", b"//u@h/p#"];
        for len in 0..=80 {
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

    /// Every piece after 0 to 40 literal or non-ASCII bytes, so that it straddles every offset
    /// of a 16-byte block, with a run of non-ASCII or ASCII after it, and at the end of input.
    #[test]
    fn wide_agrees_with_scalar_at_block_boundaries() {
        if !available() {
            eprintln!("no SSSE3 here: the wide path cannot run");
            return;
        }
        let fillers: [&[u8]; 4] = [b"a", "é".as_bytes(), "中".as_bytes(), "😀".as_bytes()];
        for prefix in [&b"http://h/"[..], b"", b"http://", b"x:?"] {
            for filler in fillers {
                for before in 0..40 {
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
}
