//! The wide scanner (the widest check the CPU has: AVX-512, 64 bytes at a time, or SSSE3, 16)
//! against the byte-at-a-time reference walk: for every grammar, `Grammar::validate` and
//! `iriscan::internals::validate_scalar` must return exactly the same `Result<(), Error>` (kind, offset,
//! component and what was found).
//!
//! Raw fuzz bytes rarely make runs of 16 or more literal bytes, which is where the wide check
//! works (its main loop, and the overlapping tail block at `end - 16`). So besides the input
//! itself, the target also checks:
//! - the input mapped byte by byte onto "tokens": mostly printable ASCII (runs of literal bytes
//!   of every component), some delimiters, "%XX" and bad "%", controls, and a few UTF-8
//!   sequences of each class (ucschar, bidi, private use, tag, C1, special, non-character,
//!   truncated and ill-formed), behind a prefix chosen by the first byte that puts the run in a
//!   given component;
//! - the input repeated up to at least 64 bytes.
//!
//! Each input also goes through `iriscan::internals::check_line_scan`, which compares the line check (the
//! scanner's path for inputs of up to 256 bytes) with the walk, positions included.
#![no_main]

use iriscan::Grammar;
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
            224..=249 => out.push(0x20 + (b - 224) * 3 % 95),
            _ => out.extend_from_slice(BAD[(b - 250) as usize]),
        }
    }
}

fn compare(input: &[u8]) {
    for g in Grammar::ALL {
        // The line check (inputs of up to 256 bytes, read from bit masks): the walk's positions
        // whenever it answers, an answer for every valid input of its shape, and the AVX-512
        // masks equal to the portable ones.
        iriscan::internals::check_line_scan(input, g);
        let wide = g.validate(input);
        let scalar = iriscan::internals::validate_scalar(input, g);
        assert_eq!(
            wide, scalar,
            "{g}: the wide scanner and the scalar walk disagree on {:?} (len {})",
            String::from_utf8_lossy(input),
            input.len()
        );
    }
}

fuzz_target!(|data: &[u8]| {
    compare(data);

    if let Some((&first, rest)) = data.split_first() {
        let mut mapped = PREFIXES[(first & 15) as usize].as_bytes().to_vec();
        tokens(rest, &mut mapped);
        compare(&mapped);
        // The same run with every prefix, the first byte's choice aside: the run's position
        // relative to a 16-byte block changes with the prefix length.
        if first & 16 != 0 {
            for p in PREFIXES {
                let mut m = p.as_bytes().to_vec();
                tokens(rest, &mut m);
                compare(&m);
            }
        }

        let mut repeated = Vec::with_capacity(64.max(data.len()));
        while repeated.len() < 64 && repeated.len() < MAX {
            repeated.extend_from_slice(data);
        }
        compare(&repeated);
    }
});
