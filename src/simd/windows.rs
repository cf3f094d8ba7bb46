//! Window masks: bit k of a mask is about byte `at + k` of a window of 16 bytes, for the
//! searches of normalization, resolution and the host mapping ([`any_in_windows`]). SSE2, which
//! every x86-64 has; each has its byte walk, the reference the tests compare it with, and the
//! version off x86-64.

#[cfg(target_arch = "x86_64")]
use super::x86;

/// Walks `start..end` of `b` in windows of 16 bytes, which may reach outside the range (never
/// outside `b`), and calls `hit` with each position of the range whose bit `mask(b, window)` sets,
/// in order, until `hit` returns true; returns whether one did. Short ranges within longer lines,
/// the paths and hosts that normalization and resolution look at, take one window and no tail.
///
/// `b.len()` must be at least 17, and `start` at least 1 if `mask` reads the byte before its
/// window (a window starts at `start` or later, or at `b.len() - 16`).
#[inline(always)]
pub(crate) fn any_in_windows(
    b: &[u8],
    start: usize,
    end: usize,
    mask: impl Fn(&[u8], usize) -> u32,
    mut hit: impl FnMut(usize) -> bool,
) -> bool {
    debug_assert!(b.len() >= 17 && end <= b.len());
    let mut at = start;
    while at < end {
        let win = if at + 16 <= b.len() { at } else { b.len() - 16 };
        let mut bits = mask(b, win) >> (at - win);
        if end - at < 16 {
            bits &= (1 << (end - at)) - 1;
        }
        while bits != 0 {
            if hit(at + bits.trailing_zeros() as usize) {
                return true;
            }
            bits &= bits - 1;
        }
        at = win + 16;
    }
    false
}

/// Bit k set when `b[at + k]` is "." and `b[at + k - 1]` is "/", for k in 0..16: where dot
/// segments may start (RFC 3986 5.2.4), for `resolve::has_dot_segment_in`. SSE2, which every
/// x86-64 has; the byte walk elsewhere.
///
/// # Panics
/// Unless `1 <= at` and `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn slash_dot_pairs(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        let dots = x86::sse2::equal(x86::sse2::load(b, at), b'.');
        let slashes = x86::sse2::equal(x86::sse2::load(b, at - 1), b'/');
        x86::sse2::mask(x86::sse2::and(dots, slashes))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        slash_dot_pairs_portable(b, at)
    }
}

/// Bit k set when `b[at + k]` and `b[at + k - 1]` are both "-", for k in 0..16: where the "xn--"
/// of an ACE label may end (RFC 5890 2.3.2.1), for `normalize::is_normal`. SSE2 on x86-64.
///
/// # Panics
/// Unless `1 <= at` and `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn hyphen_pairs(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        let this = x86::sse2::equal(x86::sse2::load(b, at), b'-');
        let before = x86::sse2::equal(x86::sse2::load(b, at - 1), b'-');
        x86::sse2::mask(x86::sse2::and(this, before))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        hyphen_pairs_portable(b, at)
    }
}

/// Bit k set when `b[at + k]` is not ASCII, for k in 0..16. SSE2 on x86-64.
///
/// # Panics
/// Unless `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn non_ascii(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        x86::sse2::mask(x86::sse2::load(b, at))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        non_ascii_portable(b, at)
    }
}

/// Bit k set when `b[at + k]` is ":", for k in 0..16: where a scheme may end, for the search of
/// `extract` (RFC 3986 3.1). SSE2 on x86-64.
///
/// # Panics
/// Unless `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn colons(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        x86::sse2::mask(x86::sse2::equal(x86::sse2::load(b, at), b':'))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        colons_portable(b, at)
    }
}

/// [`colons`] a byte at a time: the reference the tests compare it with.
pub(crate) fn colons_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| m | (u32::from(b[at + k] == b':') << k))
}

/// [`hyphen_pairs`] a byte at a time: the reference the tests compare it with.
pub(crate) fn hyphen_pairs_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| {
        m | (u32::from(b[at + k] == b'-' && b[at + k - 1] == b'-') << k)
    })
}

/// [`non_ascii`] a byte at a time: the reference the tests compare it with.
pub(crate) fn non_ascii_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| m | (u32::from(b[at + k] >= 0x80) << k))
}

/// Bit k set when `b[at + k]` is a "%" that may start a triplet to normalize (3987bis 5.3.2.1,
/// 5.3.2.3), for k in 0..16: all but those whose digits are in the window and read `[89A-F]`
/// then `[0-9A-F]`, the uppercase triplets of non-ASCII octets, which most percent-encodings of
/// IRIs are and which no normalization changes. SSE2 on x86-64.
///
/// # Panics
/// Unless `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn percent_to_check(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use x86::sse2::{load, mask, or, within};
        let v = load(b, at);
        let upper_hex = within(v, b'A', b'F');
        let first = mask(or(within(v, b'8', b'9'), upper_hex));
        let second = mask(or(within(v, b'0', b'9'), upper_hex));
        mask(x86::sse2::equal(v, b'%')) & !((first >> 1) & (second >> 2))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        percent_to_check_portable(b, at)
    }
}

/// [`percent_to_check`] a byte at a time: the reference the tests compare it with.
pub(crate) fn percent_to_check_portable(b: &[u8], at: usize) -> u32 {
    let fine = |k: usize| {
        k + 2 < 16
            && matches!(b[at + k + 1], b'8' | b'9' | b'A'..=b'F')
            && matches!(b[at + k + 2], b'0'..=b'9' | b'A'..=b'F')
    };
    (0..16).fold(0, |m, k| {
        m | (u32::from(b[at + k] == b'%' && !fine(k)) << k)
    })
}

/// Bit k set when `b[at + k]` is an ASCII uppercase letter, for k in 0..16: what case
/// normalization (3987bis 5.3.2.1) would change in a scheme or host. SSE2 on x86-64.
///
/// # Panics
/// Unless `at + 16 <= b.len()`.
#[inline(always)]
pub(crate) fn ascii_uppercase(b: &[u8], at: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        x86::sse2::mask(x86::sse2::within(x86::sse2::load(b, at), b'A', b'Z'))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        ascii_uppercase_portable(b, at)
    }
}

/// [`ascii_uppercase`] a byte at a time: the reference the tests compare it with.
pub(crate) fn ascii_uppercase_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| {
        m | (u32::from(b[at + k].is_ascii_uppercase()) << k)
    })
}

/// [`slash_dot_pairs`] a byte at a time: the reference the tests compare it with.
pub(crate) fn slash_dot_pairs_portable(b: &[u8], at: usize) -> u32 {
    (0..16).fold(0, |m, k| {
        m | (u32::from(b[at + k] == b'.' && b[at + k - 1] == b'/') << k)
    })
}

/// Compares each window mask with its byte walk at every window of `b`, and panics where they
/// differ: for `scan::check_fast_paths`.
#[cfg(feature = "internals")]
pub(crate) fn check_windows(b: &[u8]) {
    type Mask = fn(&[u8], usize) -> u32;
    let pairs: [(Mask, Mask, usize); 6] = [
        (slash_dot_pairs, slash_dot_pairs_portable, 1),
        (hyphen_pairs, hyphen_pairs_portable, 1),
        (non_ascii, non_ascii_portable, 0),
        (percent_to_check, percent_to_check_portable, 0),
        (ascii_uppercase, ascii_uppercase_portable, 0),
        (colons, colons_portable, 0),
    ];
    for (k, (wide, walk, first)) in pairs.into_iter().enumerate() {
        for at in first..(b.len() + 1).saturating_sub(16) {
            assert_eq!(wide(b, at), walk(b, at), "mask {k} at {at}");
        }
    }
}
