//! Percent-encoding (RFC 3986 2.1) as 3987bis 3.3 and 3.7 use it: octets written as `%HH` with
//! uppercase hex, and `%HH` triplets read back.

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// The `%HH` triplet of each octet, as bytes.
static TRIPLET_BYTES: [[u8; 3]; 256] = {
    let mut t = [[0u8; 3]; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = [b'%', HEX[i >> 4], HEX[i & 15]];
        i += 1;
    }
    t
};

/// The `%HH` triplet of each octet, as strings: one copy of three bytes to append one.
static TRIPLETS: [&str; 256] = {
    let mut t = [""; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = match std::str::from_utf8(&TRIPLET_BYTES[i]) {
            Ok(s) => s,
            Err(_) => panic!("a triplet is ASCII"),
        };
        i += 1;
    }
    t
};

/// Appends `%HH` for `octet`, uppercase (3987bis 3.3: "SHOULD use uppercase letters").
#[inline]
pub(crate) fn push_octet(out: &mut String, octet: u8) {
    out.push_str(TRIPLETS[octet as usize]);
}

/// Appends the `%HH` triplet of `octet` to the bytes of a URI being built.
#[inline]
pub(crate) fn push_octet_bytes(out: &mut Vec<u8>, octet: u8) {
    out.extend_from_slice(&TRIPLET_BYTES[octet as usize]);
}

/// The value of each byte as a hex digit (RFC 3986 2.1 `HEXDIG`, either case); 0xFF for the bytes
/// that are not one.
static HEX_VALUES: [u8; 256] = {
    let mut t = [0xFF; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => 0xFF,
        };
        c += 1;
    }
    t
};

/// The octet of the `%HH` triplet at `i`, if there is one.
#[inline]
pub(crate) fn triplet_at(b: &[u8], i: usize) -> Option<u8> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let (hi, lo) = (
        HEX_VALUES[usize::from(*b.get(i + 1)?)],
        HEX_VALUES[usize::from(*b.get(i + 2)?)],
    );
    // One test for both digits: 0xFF has the bits 0x10 that no digit's value has.
    ((hi | lo) & 0x10 == 0).then_some(hi << 4 | lo)
}

/// `s` with every `%HH` triplet decoded to its octet; other bytes as they are.
pub(crate) fn decode_all(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match triplet_at(b, i) {
            Some(octet) => {
                out.push(octet);
                i += 3;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `s` through the encoder of the CPU's level (`simd::AsciiBytes`); each level is tested
    /// against the portable one in `simd`.
    fn encoded(s: &str) -> String {
        let mut out = crate::simd::AsciiBytes::with_capacity(0);
        out.push_encoded(s.as_bytes());
        out.into_string()
    }

    #[test]
    fn encodes_non_ascii_only_in_uppercase() {
        assert_eq!(
            encoded("a%20résumé/😀"),
            "a%20r%C3%A9sum%C3%A9/%F0%9F%98%80"
        );
    }

    /// Every pair of bytes after a "%", against `char::to_digit`.
    #[test]
    fn triplets_of_every_pair_of_bytes() {
        for hi in 0..=255u8 {
            for lo in 0..=255u8 {
                let digit = |c: u8| char::from(c).to_digit(16).map(|d| d as u8);
                let want = digit(hi).zip(digit(lo)).map(|(h, l)| h << 4 | l);
                assert_eq!(triplet_at(&[b'%', hi, lo], 0), want, "{hi:#x} {lo:#x}");
            }
        }
        assert_eq!(triplet_at(b"%4", 0), None);
        assert_eq!(triplet_at(b"a41", 0), None);
    }

    #[test]
    fn decodes_triplets_either_case_and_leaves_bad_ones() {
        assert_eq!(decode_all("r%C3%a9s%2%zz%"), b"r\xC3\xA9s%2%zz%");
        assert_eq!(triplet_at(b"%4g", 0), None);
        assert_eq!(triplet_at(b"x%41", 1), Some(b'A'));
    }
}
