//! The portable versions of the routines that have vector ones: the reference the tests compare
//! those with, and what runs off x86-64 and on CPUs below `Level::Ssse3`.

/// The number of octets >= 0x80 in `s`.
#[inline]
pub(crate) fn count_non_ascii(s: &[u8]) -> usize {
    s.iter().filter(|&&b| b >= 0x80).count()
}

/// What [`push_percent_encoded`] writes for each octet, padded to four bytes: the octet itself
/// if ASCII, its `%HH` triplet otherwise (uppercase, 3987bis 3.3).
static ENCODED: [[u8; 4]; 256] = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = [[0u8; 4]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = if i < 0x80 {
            [i as u8, 0, 0, 0]
        } else {
            [b'%', HEX[i >> 4], HEX[i & 15], 0]
        };
        i += 1;
    }
    t
};

/// Appends `s` to `out` with every octet >= 0x80 percent-encoded (3987bis 3.3: the characters
/// of a valid IRI component that a URI does not allow are exactly the non-ASCII ones), an octet
/// at a time. Text that mixes scripts switches between ASCII and non-ASCII every few bytes, so
/// rather than find runs, every octet is written the same way, without a branch: four bytes
/// from [`ENCODED`], of which one or three are kept.
pub(crate) fn push_percent_encoded(out: &mut Vec<u8>, s: &[u8]) {
    let len = s.len() + 2 * count_non_ascii(s);
    let start = out.len();
    out.resize(start + len + 3, 0);
    let mut o = start;
    for &octet in s {
        out[o..o + 4].copy_from_slice(&ENCODED[octet as usize]);
        o += 1 + 2 * usize::from(octet >> 7);
    }
    out.truncate(start + len);
}
