//! Every fast path at each level this CPU has (portable, SSSE3, AVX-512, AVX-512 VBMI) against
//! the portable one: `iriscan::internals::check_fast_paths` runs the scanner of each level and
//! the byte walk on every grammar (the same `Result`, error kind, offset and component,
//! positions on success), the line check and its masks of each level, the ASCII test, count,
//! percent-encoder and window masks of each level, and the run of an IRI in text that `extract`
//! reads.
//!
//! The wide paths work on runs of 16 and 64 bytes and on lines of up to 512: raw fuzz bytes are
//! short and rarely make such runs. So each input is also mapped byte by byte onto "tokens"
//! (mostly printable ASCII, runs of literal bytes of every component, some delimiters, "%XX" and
//! bad "%", controls, and UTF-8 sequences of each class, truncated and ill-formed ones too)
//! behind a prefix chosen by the first byte that puts the run in a given component, and the
//! result repeated up to a length the second byte picks, from 64 to 575 bytes, so that runs end
//! at every offset of a block and lines reach every width of the line check.
//!
//! Run with inputs of hundreds of bytes:
//! `cargo +nightly fuzz run fast_vs_scalar -- -max_len=4096`.
#![no_main]

use libfuzzer_sys::fuzz_target;

const MAX: usize = 8192;

/// Prefixes that put what follows into the scheme, userinfo, host, port, path, query, fragment.
const PREFIXES: [&str; 16] = [
    "",
    "http://",
    "http://user:",
    "http://example.com/",
    "http://example.com:8",
    "http://[",
    "http://[v1.",
    "http://[::1]",
    "?",
    "#",
    "//",
    "a:",
    "mailto:",
    "http://example.com/?",
    "http://example.com/#",
    "urn:example:",
];

/// What a byte maps to: printable ASCII mostly (several times the unreserved letters, so that
/// long literal runs are likely), and some special tokens.
const SPECIAL: [&str; 32] = [
    "/", "?", "#", "@", ":", "[", "]", "%41", "%4", "%", "%g0", " ", "\t", "\x7f", "\0",
    "\u{e9}",       // ucschar, 2 bytes
    "\u{4f8b}",     // ucschar, 3 bytes
    "\u{1F600}",    // ucschar, 4 bytes
    "\u{202E}",     // bidi formatting
    "\u{200E}",     // bidi formatting
    "\u{E000}",     // private use
    "\u{E0041}",    // tag
    "\u{85}",       // C1 control
    "\u{FFFD}",     // special
    "\u{FDD0}",     // non-character
    "\u{10FFFF}",   // non-character
    "\u{F0000}",    // private use, plane 15
    "\\", "|", "\"", "<", ">",
];
/// White space and quotation marks, which end an IRI in text.
const TEXT_ENDS: [&str; 4] = ["\u{3000}", "\u{AB}", "\u{201C}", "\u{A0}"];
const BAD: [&[u8]; 6] = [b"\xff", b"\xc3", b"\xe4\xbe", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80"];

fn tokens(data: &[u8], out: &mut Vec<u8>) {
    for &b in data {
        if out.len() >= MAX {
            break;
        }
        match b {
            // 0..=191: a run byte; unreserved and sub-delims most of the time.
            0..=191 => {
                const RUN: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=abcdefxyz0123.-";
                out.push(RUN[b as usize % RUN.len()]);
            }
            192..=223 => out.extend_from_slice(SPECIAL[(b - 192) as usize].as_bytes()),
            224..=245 => out.push(0x20 + (b - 224) * 3 % 95),
            246..=249 => out.extend_from_slice(TEXT_ENDS[(b - 246) as usize].as_bytes()),
            _ => out.extend_from_slice(BAD[(b - 250) as usize]),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    iriscan::internals::check_fast_paths(data);

    if let [first, second, rest @ ..] = data {
        let mut mapped = PREFIXES[(first & 15) as usize].as_bytes().to_vec();
        tokens(rest, &mut mapped);
        iriscan::internals::check_fast_paths(&mapped);
        // Repeated up to 64 to 575 bytes (cut there): every width of the line check, and runs
        // that end at every offset of a 16- and a 64-byte block.
        let target = 64 + (usize::from(*second) << 1 | usize::from(first >> 7));
        if !rest.is_empty() && mapped.len() < target {
            let prefix = PREFIXES[(first & 15) as usize].len();
            while mapped.len() < target {
                mapped.extend_from_within(prefix..);
            }
            mapped.truncate(target);
            iriscan::internals::check_fast_paths(&mapped);
        }
    }
});
