//! The scanner of each level against the byte walk.

use super::{scan_at, scan_scalar};
use crate::simd::{self, tests::Rng, Level};
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
    "\u{BF}".as_bytes(), "\u{FFF}".as_bytes(), "\u{D7FF}".as_bytes(), b"\xE0\x9F\xBF", // second-byte leads
    b"\xED\x9F\xBF", b"\xED\xBF\xBF", b"\xC2\x80", b"\xE0\xA0",
    "\u{200E}".as_bytes(), "\u{202E}".as_bytes(), "\u{2066}".as_bytes(), // bidi
    "\u{061C}".as_bytes(), "\u{061B}".as_bytes(), "\u{061D}".as_bytes(), b"\xD8", b"\x9C", // ALM
    "\u{E000}".as_bytes(), "\u{F8FF}".as_bytes(), "\u{F0000}".as_bytes(), // private
    "\u{E0001}".as_bytes(), "\u{E0FFF}".as_bytes(), // tags
    "\u{FFF0}".as_bytes(), "\u{FFFD}".as_bytes(), // specials
    "\u{FDD0}".as_bytes(), "\u{FFFE}".as_bytes(), "\u{1FFFF}".as_bytes(), // non-characters
    b"\x80", b"\xBF", b"\xC0\xAF", b"\xC1\xBF", b"\xC3", b"\xE4\xB8", b"\xE0\x80\x80",
    b"\xED\xA0\x80", b"\xF0\x9F\x98", b"\xF4\x90\x80\x80", b"\xF5\x80\x80\x80", b"\xFF",
    b"\xC3\xA9\xA9", b"\xE4\xB8\xAD\x80", // stray continuation after a good sequence
];

/// The wide check compares the second byte of exactly these leads: a change in the generator
/// (build/utf8_dfa.rs) must come with one in `block`.
#[test]
fn second_byte_leads() {
    assert_eq!(
        crate::tables::UTF8_SECOND_BYTE_LEADS,
        [(0xC2, 0xA0, 0xBF), (0xE0, 0xA0, 0xBF), (0xED, 0x80, 0x9F)]
    );
    // ALM, which `block`, `block512` and `utf8_masks` compare for.
    assert_eq!(crate::tables::UTF8_EXCEPT_PAIRS, [(0xD8, 0x9C)]);
}

/// The scanner at each level this CPU has (and the line check) against the byte walk.
fn check(input: &[u8]) {
    for grammar in Grammar::ALL {
        super::line::check_line_scan(input, grammar);
    }
    for (grammar, level) in Grammar::ALL
        .into_iter()
        .flat_map(|g| [Level::Ssse3, Level::Avx512, Level::Avx512Vbmi].map(|l| (g, l)))
        .filter(|&(_, level)| level <= simd::level())
    {
        let wide = scan_at(level, input, grammar);
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

/// Random mixes of the pieces, cut at every length from 0 to 150 bytes (not only at piece
/// boundaries, so that sequences are also truncated by the end of input).
#[test]
fn wide_agrees_with_scalar_on_generated_inputs() {
    simd::for_each_level(|_| {});
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let prefixes: [&[u8]; 5] = [b"", b"http://", b"http://h/", b"x:/p?", b"//u@h/p#"];
    for len in 0..=150 {
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

/// Every piece after 0 to 72 literal or non-ASCII bytes, so that it straddles every offset
/// of a 16-byte and of a 64-byte block, with a run of non-ASCII or ASCII after it, and at the
/// end of input.
#[test]
fn wide_agrees_with_scalar_at_block_boundaries() {
    simd::for_each_level(|_| {});
    let fillers: [&[u8]; 4] = [b"a", "é".as_bytes(), "中".as_bytes(), "😀".as_bytes()];
    for prefix in [&b"http://h/"[..], b"", b"http://", b"x:?"] {
        for filler in fillers {
            for before in 0..72 {
                for piece in PIECES {
                    for after in [&b""[..], b"bcdefghijklmnopqrs", "中文字符串".as_bytes()] {
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
