//! The code points of a short host, split all at once, for the fast path of IDNA (3987bis 3.4,
//! `host.rs`, `fast_labels`).
//!
//! The walk of `fast_labels` takes a host a code point at a time, and each step's start waits on
//! the length of the one before: only the branch predictor lets it run ahead, and the labels of
//! Latin scripts, ASCII with a letter or two beyond, change length at every other step. A host of
//! at most 64 bytes fits one vector: `simd::split_host` decodes every code point at once, reads
//! the classes of those above ASCII in a loop whose steps wait on nothing, and gives the answers
//! as bit masks over the code points, for `fast_labels` to read the rules off a label at a time,
//! and as the arrays Punycode reads (`map::punycode::Label`). Here: the reference split, a code
//! point at a time, and the check of one against the other.

use crate::simd::{self, Level};
pub(crate) use crate::simd::{split_host as split, AsciiClasses, HostPoints, MAX_BYTES};

/// Compares the split of `host` at each level that has one with `split_portable`, where the
/// CPU has it and `host` is at most 64 bytes, and panics where they differ: for the tests and
/// the `to_uri` fuzz target (`check_host_split`).
pub fn check_split(host: &str) {
    if host.len() > MAX_BYTES {
        return;
    }
    let ascii = &super::ASCII_CLASSES;
    let want = split_portable(host, ascii);
    simd::split_host_at(Level::Avx512Vbmi, host, ascii, |wide| {
        let n = want.len;
        assert_eq!(wide.len, n, "{host:?}");
        assert_eq!(wide.dots, want.dots, "{host:?}");
        assert_eq!(wide.byte_dots, want.byte_dots, "{host:?}");
        assert_eq!(wide.ascii, want.ascii, "{host:?}");
        assert_eq!(wide.unclassed, want.unclassed, "{host:?}");
        assert_eq!(wide.flags, want.flags, "{host:?}");
        assert_eq!(wide.codes, want.codes, "{host:?}");
        assert_eq!(wide.class[..n], want.class[..n], "{host:?}");
        let basic = want.ascii.count_ones() as usize;
        let keys = n - (want.ascii | want.dots).count_ones() as usize;
        assert_eq!(wide.keys[..keys], want.keys[..keys], "{host:?}");
        assert_eq!(wide.basic[..basic], want.basic[..basic], "{host:?}");
    });
}

/// [`split`] a code point at a time, for any CPU, of a host of at most [`MAX_BYTES`] bytes: the
/// reference the tests and the fuzz target compare the vector split with.
fn split_portable(host: &str, ascii: &AsciiClasses) -> HostPoints {
    let mut p = HostPoints::empty();
    let (mut nb, mut nk) = (0, 0);
    let mut byte = 0;
    debug_assert!(host.len() <= MAX_BYTES);
    for (k, c) in host.chars().enumerate() {
        let cp = c as u32;
        let bit = 1u64 << k;
        let class = if c == '.' {
            p.dots |= bit;
            p.byte_dots |= 1 << byte;
            0
        } else if c.is_ascii() {
            p.ascii |= bit;
            p.basic[nb] = ascii.lower[cp as usize];
            nb += 1;
            ascii.code[cp as usize]
        } else {
            p.keys[nk] = cp << 6 | k as u32;
            nk += 1;
            crate::tables::idna_class_of(cp).bits()
        };
        if c != '.' {
            if class == 0 {
                p.unclassed |= bit;
            }
            for b in 0..8 {
                if class & 1 << b != 0 {
                    p.flags[b] |= bit;
                }
            }
            if class & 7 != 0 {
                p.codes[usize::from(class & 7)] |= bit;
            }
        }
        p.class[k] = class;
        p.len = k + 1;
        byte += c.len_utf8();
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn examples() {
        for host in [
            "",
            "a",
            "résumé.example.org",
            "ÉCOLE.fr.",
            "例え.jp",
            "xn--rsum-bpad.org",
            "испытание.бел",
            "परीक्षा.भारत",
            "إختبار.مصر",
            "a\u{10FFFF}b\u{1F600}.\u{30000}.\u{E0100}",
            "..-_~%41",
            "ééééééééééééééééééééééééééééééé.é",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        ] {
            check_split(host);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Hosts of any characters up to 64 bytes, mostly from scripts of the fast path.
        #[test]
        fn vector_split_as_code_point_at_a_time(
            host in "([a-zA-Z0-9.\\-_]|[à-ž]|[α-ω]|[а-я]|[ऀ-ॿ]|[ا-ي]|[א-ת]|[ぁ-ん]|[一-鿿]|[\u{1F300}-\u{1F6FF}]|[\u{30000}-\u{3134F}]|\\PC){0,40}"
        ) {
            let mut host = host;
            while host.len() > MAX_BYTES {
                host.pop();
            }
            check_split(&host);
        }
    }
}
