//! Each fast path at every level this CPU has, against its portable version.

use super::Level;

/// A window mask against its byte walk, on random lines over `alphabet`, at every window
/// from `first` on.
fn window_masks_agree(
    seed: u64,
    alphabet: &[u8],
    first: usize,
    wide: fn(&[u8], usize) -> u32,
    walk: fn(&[u8], usize) -> u32,
) {
    let mut rng = Rng(seed);
    for _ in 0..20_000 {
        let b: Vec<u8> = (0..40)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        for at in first..=24 {
            assert_eq!(wide(&b, at), walk(&b, at), "{b:?} {at}");
        }
    }
}

/// The SSE2 pairs against the byte walk, over every placement of "/" and "." in a window.
#[test]
fn slash_dot_pairs_agree() {
    window_masks_agree(
        0x2545_F491_4F6C_DD1D,
        b"/.a\xC3",
        1,
        super::slash_dot_pairs,
        super::windows::slash_dot_pairs_portable,
    );
}

#[test]
fn hyphen_pairs_agree() {
    window_masks_agree(
        0x9E37_79B9_7F4A_7C15,
        b"-x.\xC3",
        1,
        super::hyphen_pairs,
        super::windows::hyphen_pairs_portable,
    );
}

#[test]
fn non_ascii_agrees() {
    window_masks_agree(
        0x1234_5678_9ABC_DEF1,
        b"a\x80\xFF\x7F",
        0,
        super::non_ascii,
        super::windows::non_ascii_portable,
    );
}

/// The SSE2 colons against the byte walk, among the bytes around a scheme's end.
#[test]
fn colons_agree() {
    window_masks_agree(
        0xBB67_AE85_84CA_A73B,
        b":/a9;\xBA\xFA",
        0,
        super::colons,
        super::windows::colons_portable,
    );
}

/// The SSE2 percent filter against the byte walk, on triplets of every kind at every place.
#[test]
fn percent_to_check_agrees() {
    window_masks_agree(
        0x6A09_E667_F3BC_C908,
        b"%%%0789AFafgG/:\x80\xC3",
        0,
        super::percent_to_check,
        super::windows::percent_to_check_portable,
    );
}

/// The SSE2 uppercase mask against the byte walk, on every byte value at every place.
#[test]
fn ascii_uppercase_agrees() {
    let mut b = [b'a'; 48];
    for at in 0..=32 {
        for k in 0..16 {
            for byte in 0..=255u8 {
                b[at + k] = byte;
                assert_eq!(
                    super::ascii_uppercase(&b, at),
                    super::windows::ascii_uppercase_portable(&b, at),
                    "{byte} {at} {k}"
                );
                b[at + k] = b'a';
            }
        }
    }
}

/// The lint masks of each level that builds them against the byte walk, at every length up
/// to 128, and on every byte value at every place.
#[test]
fn lint_masks_agree() {
    let mut rng = Rng(0x3C6E_F372_FE94_F82B);
    let alphabet = b"aZ%./&;=\x80\xBF\xC0\xC3\xD5\xD6\xDF\xE0\xF0\xFF@`[{09";
    super::for_each_level(|level| {
        for n in 0..=128 {
            for _ in 0..50 {
                let b: Vec<u8> = (0..n)
                    .map(|_| alphabet[rng.below(alphabet.len())])
                    .collect();
                if let Some(wide) = super::lint_masks_at::<2>(level, &b) {
                    assert_eq!(wide, super::LintMasks::portable(&b), "{level:?} {b:?}");
                }
            }
        }
        let mut b = [b'a'; 100];
        for k in 0..100 {
            for byte in 0..=255u8 {
                b[k] = byte;
                if let Some(wide) = super::lint_masks_at::<2>(level, &b) {
                    assert_eq!(wide, super::LintMasks::portable(&b), "{level:?} {byte} {k}");
                }
                b[k] = b'a';
            }
        }
    });
}

/// The ASCII test of each level against std's, at every length and position of a high byte.
#[test]
fn is_ascii_agrees_with_std() {
    super::for_each_level(|level| {
        for n in 0..140 {
            let mut b = vec![b'a'; n];
            assert!(super::is_ascii_at(level, &b));
            for k in 0..n {
                b[k] = 0x80;
                assert_eq!(
                    super::is_ascii_at(level, &b),
                    b.is_ascii(),
                    "{level:?} {n} {k}"
                );
                b[k] = b'a';
            }
        }
    });
}

/// The count of each level against the plain one, at every length, with high bytes in every
/// position of the blocks and of the padded tail.
#[test]
fn count_non_ascii_agrees() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for n in 0..200 {
        for _ in 0..20 {
            let b: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
            let want = b.iter().filter(|&&c| c >= 0x80).count();
            super::for_each_level(|level| {
                assert_eq!(
                    super::count_non_ascii_at(level, &b),
                    want,
                    "{level:?} {b:?}"
                );
            });
        }
    }
}

/// The encoder of each level against the plain definition, at every length around their
/// blocks.
#[test]
fn encoders_agree_with_the_definition_at_every_length() {
    let plain = |s: &str| -> String {
        s.bytes()
            .map(|b| match b {
                0..=0x7F => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect()
    };
    super::for_each_level(|level| {
        for n in 0..200 {
            for s in [
                "é".repeat(n),
                "a".repeat(n),
                "aé中😀"
                    .repeat(n / 4 + 1)
                    .chars()
                    .take(n)
                    .collect::<String>(),
                "abcdefghijklmnopé"
                    .repeat(n / 16 + 1)
                    .chars()
                    .take(n)
                    .collect::<String>(),
            ] {
                let mut out = b"prefix/".to_vec();
                super::push_percent_encoded_at(level, &mut out, s.as_bytes());
                assert_eq!(
                    String::from_utf8_lossy(&out),
                    format!("prefix/{}", plain(&s)),
                    "{level:?} {s:?}"
                );
            }
        }
    });
}

proptest::proptest! {
    /// The encoder of each level against the portable one, on any bytes (they never look at
    /// UTF-8). Each starts from a buffer of any capacity, so that it grows at any block.
    #[test]
    fn encoders_agree(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..300), room in 1usize..600) {
        let mut portable = b"x".to_vec();
        super::portable::push_percent_encoded(&mut portable, &bytes);
        for level in Level::ALL.into_iter().filter(|&l| l <= super::level()) {
            let mut wide = Vec::with_capacity(room);
            wide.push(b'x');
            super::push_percent_encoded_at(level, &mut wide, &bytes);
            proptest::prop_assert_eq!(&wide, &portable, "{:?}", level);
        }
    }
}

/// ASCII bytes: encoded input of any bytes, and checked appends, which leave nothing behind
/// when they fail or panic.
#[test]
fn ascii_bytes_stay_ascii() {
    let mut bytes = super::AsciiBytes::with_capacity(0);
    let any: Vec<u8> = (0..=255).collect();
    bytes.push_encoded(&any);
    bytes
        .push_checked(|v| {
            v.extend_from_slice(b"xn--abc");
            Ok::<(), ()>(())
        })
        .unwrap();
    assert_eq!(
        bytes.push_checked(|v| {
            v.extend_from_slice("é".as_bytes());
            Err(())
        }),
        Err(())
    );
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        bytes.push_checked(|v| {
            v.extend_from_slice("é".as_bytes());
            Ok::<(), ()>(())
        })
    }));
    assert!(caught.is_err(), "a non-ASCII byte appended panics");
    let s = bytes.into_string();
    assert!(s.is_ascii());
    assert_eq!(&s[..6], "\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}");
    assert!(s.ends_with("%FFxn--abc"), "{s}");
    assert_eq!(s.len(), 128 + 3 * 128 + "xn--abc".len());
}

/// xorshift64*: reproducible inputs without a dependency.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// The sorting networks of Punycode's keys (`x86::avx512::sort_keys`), by the 0-1 principle
/// (Knuth, TAOCP 5.3.4, exercise 5.3.4-45): a network of comparators sorts every input when it
/// sorts every input of 0s and 1s, and 16 lanes have 2^16 of those.
#[test]
fn sorting_networks_sort_every_input() {
    #[cfg(target_arch = "x86_64")]
    if super::level() >= Level::Avx512 {
        for bits in 0u32..1 << 16 {
            let input: [u32; 16] = std::array::from_fn(|i| bits >> i & 1);
            // SAFETY: the CPU has AVX-512 F, BW and VL (its level).
            let sorted = unsafe { super::x86::avx512::sort_networks(input) };
            let mut want8 = <[u32; 8]>::try_from(&input[..8]).unwrap();
            let mut want16 = input;
            want8.sort_unstable();
            want16.sort_unstable();
            assert_eq!(sorted, (want8, want16), "{bits:016b}");
        }
        return;
    }
    eprintln!("Avx512: not on this CPU, the sorting networks not tested");
}
