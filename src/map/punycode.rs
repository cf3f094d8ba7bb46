//! Punycode encoding (RFC 3492 6.3) of one label, for the fast path of the host mapping
//! (3987bis 3.4, `host.rs`).
//!
//! The `idna` crate encodes from an iterator that it walks once per distinct code point, mapping
//! each character anew; on the IRI corpus that was a fifth of `to_uri`. Here the label is read
//! once into code points on the stack. The `idna` crate stays the reference: tests/idna_fast.rs
//! compares the two.

/// RFC 3492 5: the Punycode parameters.
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;

/// The most code points a label may have: ToASCII output is at most 63 octets (RFC 3490 4.1
/// step 8), and every code point takes at least one.
pub(crate) const MAX_LABEL: usize = 63;

/// RFC 3492 6.1, bias adaptation.
fn adapt(mut delta: u32, points: u32, first: bool) -> u32 {
    delta /= if first { DAMP } else { 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

/// RFC 3492 5: digit values 0 to 25 are "a" to "z", 26 to 35 are "0" to "9" (lowercase, as
/// ToASCII writes them).
fn digit(value: u32) -> char {
    (if value < 26 {
        b'a' + value as u8
    } else {
        b'0' + (value - 26) as u8
    }) as char
}

/// Appends the Punycode of `points` (at most [`MAX_LABEL`] code points, ASCII ones already in
/// the case wanted) to `out`: the basic code points, a "-" if there were any, then the deltas
/// (RFC 3492 6.3). Overflow cannot happen for so few code points below U+110000 (6.4).
pub(crate) fn encode(points: &[u32], out: &mut String) {
    debug_assert!(points.len() <= MAX_LABEL);
    let mut basic = 0u32;
    for &c in points {
        if c < 0x80 {
            out.push(c as u8 as char);
            basic += 1;
        }
    }
    if basic > 0 {
        out.push('-');
    }
    let len = points.len() as u32;
    let (mut n, mut delta, mut bias, mut handled) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    while handled < len {
        let m = points
            .iter()
            .copied()
            .filter(|&c| c >= n)
            .min()
            .unwrap_or(n);
        delta += (m - n) * (handled + 1);
        n = m;
        for &c in points {
            if c < n {
                delta += 1;
            } else if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puny(s: &str) -> String {
        let points: Vec<u32> = s.chars().map(|c| c as u32).collect();
        let mut out = String::new();
        encode(&points, &mut out);
        out
    }

    #[test]
    fn samples_of_rfc_3492_7_1() {
        // (A) Arabic (Egyptian), (B) Chinese (simplified), (L) 3<nen>B<gumi><kinpachi><sensei>.
        assert_eq!(
            puny("\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}"),
            "egbpdaj6bu4bxfgehfvwxn"
        );
        assert_eq!(
            puny("\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}"),
            "ihqwcrb4cv8a8dqg056pqjye"
        );
        assert_eq!(
            puny("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}"),
            "3B-ww4c5e180e575a65lsy2b"
        );
        assert_eq!(puny("résumé"), "rsum-bpad");
        assert_eq!(puny("abc"), "abc-");
    }
}
