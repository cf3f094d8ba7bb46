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

/// Appends `s` with every octet of every non-ASCII character percent-encoded (3987bis 3.3: the
/// characters of a valid IRI component that a URI does not allow are exactly the non-ASCII
/// ones), and ASCII copied in runs.
pub(crate) fn push_encoding_non_ascii(out: &mut String, s: &str) {
    let b = s.as_bytes();
    let mut start = 0;
    while start < b.len() {
        let run = b[start..]
            .iter()
            .position(|&c| c >= 0x80)
            .unwrap_or(b.len() - start);
        out.push_str(&s[start..start + run]);
        start += run;
        let high = b[start..].iter().take_while(|&&c| c >= 0x80).count();
        out.reserve(3 * high);
        for &octet in &b[start..start + high] {
            push_octet(out, octet);
        }
        start += high;
    }
}

/// The value of a hex digit, either case.
#[inline]
pub(crate) fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// The octet of the `%HH` triplet at `i`, if there is one.
#[inline]
pub(crate) fn triplet_at(b: &[u8], i: usize) -> Option<u8> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*b.get(i + 1)?)?;
    let lo = hex_value(*b.get(i + 2)?)?;
    Some(hi << 4 | lo)
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

    #[test]
    fn encodes_non_ascii_only_in_uppercase() {
        let mut out = String::new();
        push_encoding_non_ascii(&mut out, "a%20résumé/😀");
        assert_eq!(out, "a%20r%C3%A9sum%C3%A9/%F0%9F%98%80");
    }

    #[test]
    fn decodes_triplets_either_case_and_leaves_bad_ones() {
        assert_eq!(decode_all("r%C3%a9s%2%zz%"), b"r\xC3\xA9s%2%zz%");
        assert_eq!(triplet_at(b"%4g", 0), None);
        assert_eq!(triplet_at(b"x%41", 1), Some(b'A'));
    }
}
