//! Punycode encoding (RFC 3492 6.3) of one label, for the fast path of the host mapping
//! (3987bis 3.4, `host.rs`).
//!
//! The `idna` crate encodes from an iterator that it walks once per distinct code point, mapping
//! each character anew; on the IRI corpus that was a fifth of `to_uri`. Here the label is read
//! once into code points on the stack. The `idna` crate stays the reference: tests/idna_fast.rs
//! compares the two.

use crate::simd::{self, Cpu, Kernel, Level};

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

/// The largest `delta` that 6.1's loop leaves: `((BASE - T_MIN) * T_MAX) / 2`.
const ADAPT_TAIL_MAX: u32 = ((BASE - T_MIN) * T_MAX) / 2;

/// The last step of 6.1, `((BASE - T_MIN + 1) * delta) / (delta + SKEW)`, for every `delta` it
/// can see: a division by a variable is the slowest instruction of the encoder.
static ADAPT_TAIL: [u8; ADAPT_TAIL_MAX as usize + 1] = {
    let mut t = [0u8; ADAPT_TAIL_MAX as usize + 1];
    let mut d = 0;
    while d <= ADAPT_TAIL_MAX {
        t[d as usize] = ((BASE - T_MIN + 1) * d / (d + SKEW)) as u8;
        d += 1;
    }
    t
};

/// RFC 3492 6.2 and 6.3: the threshold `t` of the digit at `k` (a multiple of `BASE`).
#[inline]
fn threshold(k: u32, bias: u32) -> u32 {
    k.saturating_sub(bias).clamp(T_MIN, T_MAX)
}

/// RFC 3492 6.1, bias adaptation; `points` is at most `MAX_LABEL`.
fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    let delta = if first { delta / DAMP } else { delta / 2 };
    adapt_scaled(delta + divide(delta, points))
}

/// [`adapt`] past the first delta (`points` is 2 or more): without `divide`'s test for 1.
#[inline(always)]
fn adapt_next(delta: u32, points: u32) -> u32 {
    let delta = delta / 2;
    adapt_scaled(delta + divide_by(delta, points))
}

/// The rest of [`adapt`], on the delta scaled (divided by `DAMP` or 2) and grown by its share
/// (`delta / points`).
#[inline(always)]
fn adapt_scaled(mut delta: u32) -> u32 {
    let mut k = 0;
    while delta > ADAPT_TAIL_MAX {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + u32::from(ADAPT_TAIL[delta as usize])
}

/// RFC 3492 5: digit values 0 to 25 are "a" to "z", 26 to 35 are "0" to "9" (lowercase, as
/// ToASCII writes them).
/// Padded to 64 entries, so that a digit masked to 6 bits needs no bounds check.
static DIGITS: [u8; 64] = *b"abcdefghijklmnopqrstuvwxyz0123456789____________________________";

/// `u64::MAX / d + 1` for each divisor `d` from 2 to 64 (those of the variable-length integers,
/// `BASE - t`, 10 to 35, and the number of code points of a label in 6.1): `q / d` is then the
/// high half of a 128-bit product, exact for every 32-bit `q` (Lemire, Kaser and Kurz, "Faster
/// remainder by direct computation", 2019), where a division by a variable takes some 25
/// cycles.
static RECIPROCALS: [u64; MAX_LABEL + 2] = {
    let mut r = [0u64; MAX_LABEL + 2];
    let mut d = 2;
    while d < r.len() {
        r[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    r
};

/// `q / d` for `d` from 1 to 64.
#[inline]
fn divide(q: u32, d: u32) -> u32 {
    if d == 1 {
        return q;
    }
    divide_by(q, d)
}

/// `q / d` for `d` from 2 to 64 (`u64::MAX / 1 + 1` does not fit).
#[inline(always)]
fn divide_by(q: u32, d: u32) -> u32 {
    ((RECIPROCALS[d as usize] as u128 * q as u128) >> 64) as u32
}

/// A label as RFC 3492 6.3 reads it: its basic (ASCII) code points, in order and already in the
/// case wanted, their positions in the label (a bit each), and each other code point as its
/// value shifted left by 6 and its position (at most [`MAX_LABEL`] code points in all), so that
/// sorting the keys sorts by value, then position. The positions may all be offset by the same
/// number (the label's first code point's place in its host, for the fast path's split of a whole
/// host, `map::host_points`), as long as they stay below 64: the encoder uses them only relative
/// to each other.
pub(crate) struct Label<'a> {
    /// The basic code points.
    pub(crate) basic: &'a [u8],
    /// Bit k set when the code point at k is basic.
    pub(crate) basic_at: u64,
    /// The other code points, `value << 6 | position`, in the label's order.
    pub(crate) keys: &'a [u32],
}

/// The keys of [`Label`] for `points` (at most [`MAX_LABEL`]), and [`encode`] of the label.
pub(crate) fn encode_points(points: &[u32], out: &mut Vec<u8>, room: usize) -> bool {
    let (mut basic, mut keys) = ([0u8; MAX_LABEL], [0u32; MAX_LABEL]);
    let (mut b, mut k, mut basic_at) = (0, 0, 0u64);
    for (i, &c) in points.iter().enumerate() {
        if c < 0x80 {
            basic[b] = c as u8;
            b += 1;
            basic_at |= 1 << i;
        } else {
            keys[k] = c << 6 | i as u32;
            k += 1;
        }
    }
    let label = Label {
        basic: &basic[..b],
        basic_at,
        keys: &keys[..k],
    };
    encode(label, out, room)
}

/// Appends the Punycode of `label` to `out`: the basic code points, a "-" if there were any,
/// then the deltas (RFC 3492 6.3), and returns true; returns false, with `out` as it was, when
/// the Punycode is longer than `room` octets. Overflow cannot happen for so few code points
/// below U+110000 (6.4).
///
/// 6.3 walks the whole label once per distinct code point, counting the code points below the
/// current one up to each occurrence. Here the non-basic code points are sorted by value and
/// position once, and each delta has a closed form (see [`encode_portable`]) whose one count is
/// a population count, one instruction where the CPU has POPCNT (this function compiled for the
/// CPU's level by `simd::dispatch`; with AVX-512, the keys of a label of at most 16 are sorted
/// by a sorting network, `simd::sort_keys`, which has no loop whose end depends on the label).
#[inline]
pub(crate) fn encode(label: Label<'_>, out: &mut Vec<u8>, room: usize) -> bool {
    encode_at(simd::level(), label, out, room)
}

/// [`encode`] at `level` (or this CPU's, if lower), for the tests; the levels above `Avx512`
/// change nothing here.
#[inline]
pub(crate) fn encode_at(level: Level, label: Label<'_>, out: &mut Vec<u8>, room: usize) -> bool {
    simd::dispatch(level.min(Level::Avx512), Encode { label, out, room })
}

/// [`encode`] as a kernel of `simd::dispatch`.
struct Encode<'a, 'b> {
    label: Label<'a>,
    out: &'b mut Vec<u8>,
    room: usize,
}

impl Kernel for Encode<'_, '_> {
    type Output = bool;

    #[inline(always)]
    fn run<const L: u8>(self, cpu: Cpu<L>) -> bool {
        encode_sorted_by(self.label, self.out, self.room, |keys, sorted| {
            if !simd::sort_keys(cpu, keys, sorted) {
                sort_by_rank(keys, sorted);
            }
        })
    }
}

/// [`encode`] for any CPU: without POPCNT a population count takes a dozen instructions. The
/// reference that the tests compare the POPCNT build with.
///
/// The decoder of 6.2 keeps one number, `n * (length + 1) + i`, for the code point `n` it
/// inserts next at index `i` of the `length` code points it has; each delta is what that number
/// grows by, with the decoder's `i + 1` after each insertion. So the delta of the code point `m`
/// that lands at index `idx` (the code points before it in the label that are basic or
/// inserted already: a population count of the positions handled), after `m'` landed at
/// `idx'`, with `h` code points in the string, is `(m - m') * (h + 1) + idx - (idx' + 1)`, and
/// the first one's is `(m - 0x80) * (h + 1) + idx` (6.3 gets the same number by walking the
/// label once per distinct code point).
#[cfg_attr(not(test), allow(dead_code))]
#[inline(always)]
pub(crate) fn encode_portable(label: Label<'_>, out: &mut Vec<u8>, room: usize) -> bool {
    encode_sorted_by(label, out, room, sort_by_rank)
}

/// Writes `keys` to the front of `sorted` in ascending order: each key at its rank, the number of
/// keys below it (the keys are distinct: each holds its position). Without a branch on the data
/// (an insertion sort mispredicts in the scripts whose code points do not come in order), and the
/// count vectorizes.
#[inline(always)]
pub(crate) fn sort_by_rank(keys: &[u32], sorted: &mut [u32; MAX_LABEL]) {
    for &key in keys {
        let rank = keys
            .iter()
            .fold(0u32, |r, &other| r + u32::from(other < key));
        sorted[rank as usize] = key;
    }
}

/// [`encode_portable`] with the keys sorted by `sort` (as [`sort_by_rank`] sorts them).
#[inline(always)]
pub(crate) fn encode_sorted_by(
    label: Label<'_>,
    out: &mut Vec<u8>,
    room: usize,
    sort: impl FnOnce(&[u32], &mut [u32; MAX_LABEL]),
) -> bool {
    let Label {
        basic,
        basic_at,
        keys,
    } = label;
    debug_assert!(basic.len() + keys.len() <= MAX_LABEL && room <= 64);
    // Room for a delta's digits past `room` (at most 11 for a 32-bit delta, each digit dividing
    // it by 10 or more): the length is checked once per delta.
    let mut buf = [0u8; 64 + 16];
    buf[..basic.len()].copy_from_slice(basic);
    let mut o = basic.len();
    if o > 0 {
        buf[o] = b'-';
        o += 1;
    }
    if o > room {
        return false;
    }
    let mut sorted = [0u32; MAX_LABEL];
    sort(keys, &mut sorted);
    // The positions of the code points handled (basic, or inserted before).
    let mut handled = basic_at;
    let mut delta_of = |key: u32, before: u32, after_before: u32, points: u32| {
        let (m, pos) = (key >> 6, key & 63);
        let idx = (handled & ((1u64 << pos) - 1)).count_ones();
        handled |= 1 << pos;
        // At most (0x10FFFF - 0x80) * 64 + 63 < 2^27: no overflow (6.4).
        ((m - before) * points + idx - after_before, m, idx + 1)
    };
    if let Some((&first, rest)) = sorted[..keys.len()].split_first() {
        let points = basic.len() as u32 + 1;
        let (delta, mut before, mut after_before) = delta_of(first, INITIAL_N, 0, points);
        o += push_first_digits(&mut buf[o..o + 16], delta);
        if o > room {
            return false;
        }
        let mut bias = adapt(delta, points, true);
        for (j, &key) in rest.iter().enumerate() {
            let points = points + 1 + j as u32;
            let delta;
            (delta, before, after_before) = delta_of(key, before, after_before, points);
            o += push_digits(&mut buf[o..o + 16], delta, bias);
            if o > room {
                return false;
            }
            bias = adapt_next(delta, points);
        }
    }
    out.extend_from_slice(&buf[..o]);
    true
}

/// Writes the variable-length integer of `delta` (RFC 3492 6.3, with 6.2's thresholds for
/// `bias`) to the front of `buf` and returns its length. A digit at a time: computing four
/// without a branch and adding up the length was measured slower on the IRI corpus, and so were
/// the first two without a branch. Where a threshold is `T_MAX` the divisor is a constant;
/// otherwise a division is a multiplication by a reciprocal ([`divide`]).
#[inline(always)]
fn push_digits(buf: &mut [u8], q: u32, bias: u32) -> usize {
    if bias + T_MAX <= BASE {
        // Every threshold is `T_MAX` (`k - bias >= T_MAX` from the first digit on), as after
        // most small deltas.
        return push_digits_at_t_max(buf, 0, q);
    }
    if bias < BASE {
        // The first threshold is `BASE - bias` (1 to 25), every later one `T_MAX`
        // (`2 * BASE - bias > T_MAX`): one division by a variable, `bias`.
        let t = BASE - bias;
        if q < t {
            buf[0] = DIGITS[q as usize & 63];
            return 1;
        }
        let v = q - t;
        let quotient = divide_by(v, bias);
        buf[0] = DIGITS[(t + v - quotient * bias) as usize & 63];
        return push_digits_at_t_max(buf, 1, quotient);
    }
    let (mut o, mut k, mut q) = (0, BASE, q);
    loop {
        let t = threshold(k, bias);
        if q < t {
            break;
        }
        let d = BASE - t;
        let v = q - t;
        let quotient = divide_by(v, d);
        buf[o] = DIGITS[(t + v - quotient * d) as usize & 63];
        o += 1;
        q = quotient;
        k += BASE;
    }
    buf[o] = DIGITS[q as usize & 63];
    o + 1
}

/// [`push_digits`] of the first delta, whose bias is `INITIAL_BIAS`: thresholds 1, 1, then
/// `T_MAX`, each divisor a constant.
#[inline(always)]
fn push_first_digits(buf: &mut [u8], mut q: u32) -> usize {
    // `threshold(BASE, INITIAL_BIAS)` and `threshold(2 * BASE, INITIAL_BIAS)` are `T_MIN`, from
    // `threshold(3 * BASE, INITIAL_BIAS)` on every one is `T_MAX`.
    const _: () = assert!(2 * BASE <= INITIAL_BIAS + T_MIN && INITIAL_BIAS + T_MAX <= 3 * BASE);
    for (o, digit) in buf[..2].iter_mut().enumerate() {
        if q < T_MIN {
            *digit = DIGITS[q as usize & 63];
            return o + 1;
        }
        let v = q - T_MIN;
        *digit = DIGITS[(T_MIN + v % (BASE - T_MIN)) as usize & 63];
        q = v / (BASE - T_MIN);
    }
    push_digits_at_t_max(buf, 2, q)
}

/// Writes the digits of `q` from `buf[o]` on, where every threshold is `T_MAX` (a division by a
/// constant), and returns the length of the whole integer.
#[inline(always)]
fn push_digits_at_t_max(buf: &mut [u8], mut o: usize, mut q: u32) -> usize {
    while q >= T_MAX {
        let v = q - T_MAX;
        buf[o] = DIGITS[(T_MAX + v % (BASE - T_MAX)) as usize];
        o += 1;
        q = v / (BASE - T_MAX);
    }
    buf[o] = DIGITS[q as usize & 63];
    o + 1
}

/// RFC 3492 6.2: the code points that the Punycode `input` (a label without its "xn--") decodes
/// to, written to the front of `out`, and their number; `None` when `input` is empty, ends with
/// "-", is not Punycode of lowercase letters, digits and "-" (the `idna` crate decides the
/// others), overflows (6.4), decodes to something that is not a
/// scalar value above U+007F where a delta inserts one, or to more than [`MAX_LABEL`] code
/// points. The decoder accepts encodings the encoder never writes (6.2, note): a caller that
/// needs the label canonical encodes the result again and compares.
pub(crate) fn decode(input: &[u8], out: &mut [u32; MAX_LABEL]) -> Option<usize> {
    // Nothing after the last "-" (UTS #46 4.1 step 4 refuses such labels before decoding).
    if input.last().is_none_or(|&c| c == b'-') {
        return None;
    }
    // The basic code points are those before the last "-", if there is one.
    let (basic, rest) = match input.iter().rposition(|&c| c == b'-') {
        // A "-" with nothing before it is no encoder's (and the crate refuses it).
        Some(0) => return None,
        Some(d) => (&input[..d], &input[d + 1..]),
        None => (&input[..0], input),
    };
    if basic.len() > MAX_LABEL {
        return None;
    }
    for (k, &c) in basic.iter().enumerate() {
        if c >= 0x80 || c.is_ascii_uppercase() {
            return None;
        }
        out[k] = u32::from(c);
    }
    let mut len = basic.len();
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut at = 0;
    while at < rest.len() {
        // A variable-length integer: the delta to the next insertion.
        let (old, mut w, mut k) = (i, 1u32, BASE);
        loop {
            let c = *rest.get(at)?;
            at += 1;
            let digit = u32::from(match c {
                b'a'..=b'z' => c - b'a',
                b'0'..=b'9' => c - b'0' + 26,
                _ => return None,
            });
            i = i.checked_add(digit.checked_mul(w)?)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        if len == MAX_LABEL {
            return None;
        }
        let count = len as u32 + 1;
        bias = adapt(i - old, count, old == 0);
        n = n.checked_add(i / count)?;
        i %= count;
        char::from_u32(n)?;
        out.copy_within(i as usize..len, i as usize + 1);
        out[i as usize] = n;
        len += 1;
        i += 1;
    }
    Some(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puny(s: &str) -> String {
        let points: Vec<u32> = s.chars().map(|c| c as u32).collect();
        let mut out = Vec::new();
        assert!(encode_points(&points, &mut out, 64));
        String::from_utf8(out).unwrap()
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

    #[test]
    fn too_long_is_refused_with_nothing_written() {
        // 40 distinct ideographs: more than 59 octets of Punycode.
        let points: Vec<u32> = (0..40).map(|k| 0x4E00 + 7 * k).collect();
        let mut out = b"x".to_vec();
        assert!(!encode_points(&points, &mut out, 59));
        assert_eq!(out, b"x");
        assert!(encode_points(&points[..10], &mut out, 59));
    }

    proptest::proptest! {
        /// The sorted walk against the `idna` crate's plain 6.3 walk.
        #[test]
        fn encodes_as_the_idna_crate(s in "[a-z0-9\u{80}-\u{400}\u{4E00}-\u{4E40}\u{10000}-\u{10010}\u{10FFF0}-\u{10FFFD}]{1,63}") {
            let points: Vec<u32> = s.chars().map(|c| c as u32).collect();
            let mut out = Vec::new();
            let reference = idna::punycode::encode_str(&s).expect("short labels encode");
            let fits = encode_points(&points, &mut out, 64);
            proptest::prop_assert_eq!(fits, reference.len() <= 64);
            if fits {
                proptest::prop_assert_eq!(out, reference.as_bytes());
            }
        }
    }

    proptest::proptest! {
        /// The build of each level against the portable one, on labels long enough to use every
        /// bit of the mask.
        #[test]
        fn encodes_as_the_portable_build(s in "[a-z0-9\u{80}-\u{400}\u{4E00}-\u{4E40}]{1,63}", room in 0usize..64) {
            let points: Vec<u32> = s.chars().map(|c| c as u32).collect();
            let basic: Vec<u8> = s.bytes().filter(u8::is_ascii).collect();
            let basic_at = points.iter().enumerate().filter(|(_, &c)| c < 0x80).fold(0u64, |m, (i, _)| m | 1 << i);
            let keys: Vec<u32> = points.iter().enumerate().filter(|(_, &c)| c >= 0x80).map(|(i, &c)| c << 6 | i as u32).collect();
            let label = || Label { basic: &basic, basic_at, keys: &keys };
            let mut reference = b"x".to_vec();
            let fits = encode_portable(label(), &mut reference, room);
            for level in Level::ALL.into_iter().filter(|&l| l <= simd::level()) {
                let mut out = b"x".to_vec();
                proptest::prop_assert_eq!(encode_at(level, label(), &mut out, room), fits, "{:?}", level);
                proptest::prop_assert_eq!(&out, &reference, "{:?}", level);
            }
        }
    }

    proptest::proptest! {
        /// Decoding what the encoder wrote gives the label back; decoding anything else either
        /// fails or agrees with the `idna` crate's decoder.
        #[test]
        fn decodes_what_it_encodes(s in "[a-z0-9\\u{80}-\\u{400}\\u{4E00}-\\u{4E40}\\u{10000}-\\u{10010}]{1,63}") {
            let points: Vec<u32> = s.chars().map(|c| c as u32).collect();
            let mut encoded = Vec::new();
            // An ASCII label encodes to "label-", which the decoder leaves to the crate.
            if !s.is_ascii() && encode_points(&points, &mut encoded, 64) {
                let mut out = [0u32; MAX_LABEL];
                let n = decode(&encoded, &mut out).expect("decodes");
                let back: String = out[..n].iter().map(|&p| char::from_u32(p).unwrap()).collect();
                proptest::prop_assert_eq!(back, s);
            }
        }

        #[test]
        fn decodes_as_the_idna_crate(input in "[a-z0-9-]{0,30}") {
            let mut out = [0u32; MAX_LABEL];
            if let Some(n) = decode(input.as_bytes(), &mut out) {
                let ours: String = out[..n].iter().map(|&p| char::from_u32(p).unwrap()).collect();
                let theirs = idna::punycode::decode_to_string(&input);
                proptest::prop_assert_eq!(Some(ours), theirs, "{:?}", input);
            }
        }
    }

    #[test]
    fn decodes_the_samples_of_rfc_3492_7_1() {
        let mut out = [0u32; MAX_LABEL];
        let n = decode(b"3B-ww4c5e180e575a65lsy2b", &mut out);
        assert_eq!(n, None, "uppercase is left to the crate");
        let n = decode(b"egbpdaj6bu4bxfgehfvwxn", &mut out).unwrap();
        assert_eq!(out[0], 0x0644);
        assert_eq!(n, 17);
        let n = decode(b"rsum-bpad", &mut out).unwrap();
        let s: String = out[..n]
            .iter()
            .map(|&p| char::from_u32(p).unwrap())
            .collect();
        assert_eq!(s, "résumé");
        assert_eq!(decode(b"99999999999999999999", &mut out), None, "overflow");
    }
}
