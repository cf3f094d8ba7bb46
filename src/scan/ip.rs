//! IP-literal host recognisers: RFC 3986 section 3.2.2 (`IPv4address`,
//! `IPv6address`, `IPvFuture`), which draft-ietf-iri-3987bis reuses unchanged
//! for the `ihost` rule.
//!
//! All three functions work on raw ASCII bytes (any other byte simply makes
//! the input invalid), never allocate, never panic, and scan their input in a
//! single forward pass. The only re-read is in [`is_ipv6`], which goes back
//! at most four bytes when a group turns out to be the first `dec-octet` of
//! an embedded IPv4 address.

/// RFC 3986 3.2.2 `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`
/// with `dec-octet` = 0-255 written without leading zeros ("0" ok, "01" not, "256" not).
pub(crate) fn is_ipv4(b: &[u8]) -> bool {
    let mut i = 0;
    for octet in 0..4 {
        if octet > 0 {
            if b.get(i) != Some(&b'.') {
                return false;
            }
            i += 1;
        }
        match dec_octet_end(b, i) {
            Some(end) => i = end,
            None => return false,
        }
    }
    i == b.len()
}

/// RFC 3986 3.2.2 `dec-octet`: matches the longest `dec-octet` candidate
/// starting at `i` and returns the index just past it.
///
/// Taking the longest run is exact inside `IPv4address`, because a
/// `dec-octet` is always followed by "." or by the end of the address, never
/// by a digit: a shorter match would leave a digit where neither may appear.
fn dec_octet_end(b: &[u8], i: usize) -> Option<usize> {
    let d0 = digit_at(b, i)?;
    if d0 == 0 {
        // "0" is the only dec-octet starting with a zero.
        return Some(i + 1);
    }
    let Some(d1) = digit_at(b, i + 1) else {
        return Some(i + 1);
    };
    let Some(d2) = digit_at(b, i + 2) else {
        return Some(i + 2);
    };
    let value = u16::from(d0) * 100 + u16::from(d1) * 10 + u16::from(d2);
    if value <= 255 {
        Some(i + 3)
    } else {
        None
    }
}

/// ABNF `DIGIT` at `b[i]`, as its value.
#[inline]
fn digit_at(b: &[u8], i: usize) -> Option<u8> {
    match b.get(i) {
        Some(&c) if c.is_ascii_digit() => Some(c - b'0'),
        _ => None,
    }
}

/// RFC 3986 3.2.2 `IPv6address`: exactly the nine ABNF alternatives
/// ```text
///   6( h16 ":" ) ls32 / "::" 5( h16 ":" ) ls32 / [ h16 ] "::" 4( h16 ":" ) ls32
///   / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32 / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
///   / [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32 / [ *4( h16 ":" ) h16 ] "::" ls32
///   / [ *5( h16 ":" ) h16 ] "::" h16 / [ *6( h16 ":" ) h16 ] "::"
/// ```
/// h16 = 1*4HEXDIG (either case), ls32 = ( h16 ":" h16 ) / IPv4address.
/// `b` is the text between "[" and "]" (no brackets, no zone id: zone ids are not allowed).
///
/// The nine alternatives collapse to: colon-separated pieces, each an `h16`
/// except that the last may be an `IPv4address` (worth two pieces); "::" at
/// most once; exactly 8 pieces without "::", at most 7 with it (the "::"
/// stands for at least one zero group). With "::" and `a` pieces after it,
/// the alternative with `a` trailing pieces allows up to `7 - a` before it,
/// and an `IPv4address` can only be the `ls32` of an alternative with `a >= 2`,
/// which it always is since it counts as two.
pub(crate) fn is_ipv6(b: &[u8]) -> bool {
    let n = b.len();
    // 16-bit pieces seen so far; an embedded IPv4address counts as two.
    let mut pieces: usize = 0;
    let mut elided = false;
    let mut i = 0;
    if b.starts_with(b"::") {
        if n == 2 {
            return true;
        }
        elided = true;
        i = 2;
    }
    loop {
        // An h16, or the first dec-octet of a trailing IPv4address, starts at `i`.
        let start = i;
        while i < n && i - start < 4 && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        if i == start {
            // Empty group: leading or trailing single ":", ":::", "" ...
            return false;
        }
        match b.get(i) {
            None => {
                pieces += 1;
                break;
            }
            Some(b':') => {
                pieces += 1;
                // Eight pieces followed by ":" always means at least nine
                // pieces, or eight plus "::".
                if pieces > 7 {
                    return false;
                }
                i += 1;
                if b.get(i) == Some(&b':') {
                    if elided {
                        return false;
                    }
                    elided = true;
                    i += 1;
                    if i == n {
                        break;
                    }
                }
                // Otherwise another group must follow; the empty-group check
                // rejects a trailing single ":".
            }
            Some(b'.') => {
                // The group was the first dec-octet of an IPv4address, which
                // must then run to the end (it can only be the final ls32).
                if !is_ipv4(&b[start..]) {
                    return false;
                }
                pieces += 2;
                break;
            }
            // A fifth hex digit or any other byte.
            Some(_) => return false,
        }
    }
    if elided {
        pieces <= 7
    } else {
        pieces == 8
    }
}

/// RFC 3986 3.2.2 `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`,
/// "v" either case (ABNF strings are case-insensitive). `b` is the text between the brackets.
pub(crate) fn is_ipvfuture(b: &[u8]) -> bool {
    let rest = match b {
        [b'v' | b'V', rest @ ..] => rest,
        _ => return false,
    };
    let hex = rest.iter().take_while(|c| c.is_ascii_hexdigit()).count();
    if hex == 0 {
        return false;
    }
    match rest.get(hex..) {
        Some([b'.', tail @ ..]) => !tail.is_empty() && tail.iter().all(|&c| is_ipvfuture_char(c)),
        _ => false,
    }
}

/// RFC 3986 `unreserved / sub-delims / ":"`, the tail of `IPvFuture` (the build script's set).
#[inline]
fn is_ipvfuture_char(c: u8) -> bool {
    crate::tables::ascii(c) & crate::tables::class::IPVFUTURE != 0
}

#[cfg(test)]
mod tests {
    use super::{is_ipv4, is_ipv6, is_ipvfuture};
    use std::net::{Ipv4Addr, Ipv6Addr};

    // ------------------------------------------------------------------
    // Table tests
    // ------------------------------------------------------------------

    const IPV4_VALID: &[&str] = &[
        "0.0.0.0",
        "9.9.9.9",
        "10.10.10.10",
        "99.99.99.99",
        "100.100.100.100",
        "199.199.199.199",
        "200.200.200.200",
        "249.249.249.249",
        "250.250.250.250",
        "255.255.255.255",
        "1.2.3.4",
        "127.0.0.1",
        "192.168.0.255",
        "0.1.10.100",
        "255.0.255.0",
    ];

    const IPV4_INVALID: &[&str] = &[
        "",
        ".",
        "...",
        "1",
        "1.2",
        "1.2.3",
        "1.2.3.",
        ".1.2.3",
        "1.2.3.4.",
        ".1.2.3.4",
        "1.2.3.4.5",
        "1..2.3",
        "1.2..3.4",
        "256.0.0.0",
        "0.256.0.0",
        "0.0.256.0",
        "0.0.0.256",
        "260.1.1.1",
        "300.1.1.1",
        "999.1.1.1",
        "00.0.0.0",
        "0.00.0.0",
        "0.0.0.00",
        "001.2.3.4",
        "1.2.3.001",
        "01.2.3.4",
        "1.2.3.04",
        "1000.1.1.1",
        "1.1.1.1000",
        "0x1.2.3.4",
        "a.b.c.d",
        "1.2.3.4 ",
        " 1.2.3.4",
        "1.2.3.-4",
        "+1.2.3.4",
        "1.2.3.4/",
        "1:2.3.4",
        "１.2.3.4",
    ];

    const IPV6_VALID: &[&str] = &[
        // 1: 6( h16 ":" ) ls32
        "1:2:3:4:5:6:7:8",
        "0:0:0:0:0:0:0:0",
        "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        "FFFF:ABCD:EF01:2345:6789:aBcD:Ef01:0000",
        "1:2:3:4:5:6:1.2.3.4",
        "1:2:3:4:5:6:255.255.255.255",
        "0001:02:003:4:a:b:c:d",
        // 2: "::" 5( h16 ":" ) ls32
        "::1:2:3:4:5:6:7",
        "::1:2:3:4:5:0.0.0.0",
        // 3: [ h16 ] "::" 4( h16 ":" ) ls32
        "::1:2:3:4:5:6",
        "1::2:3:4:5:6:7",
        "1::2:3:4:5:1.2.3.4",
        // 4: [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "::1:2:3:4:5",
        "1::2:3:4:5:6",
        "1:2::3:4:5:6:7",
        "1:2::3:4:5:9.8.7.6",
        // 5: [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "1:2:3::4:5:6:7",
        "1:2:3::4:5:10.0.0.1",
        "::4:5:6:7",
        // 6: [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "1:2:3:4::5:6:7",
        "1:2:3:4::5:100.200.250.255",
        "::ffff:1.2.3.4",
        "::FFFF:192.168.1.1",
        // 7: [ *4( h16 ":" ) h16 ] "::" ls32
        "1:2:3:4:5::6:7",
        "1:2:3:4:5::1.2.3.4",
        "::1.2.3.4",
        "::0.0.0.0",
        "1::1.2.3.4",
        // 8: [ *5( h16 ":" ) h16 ] "::" h16
        "1:2:3:4:5:6::7",
        "::1",
        "1::2",
        "abcd::EF",
        // 9: [ *6( h16 ":" ) h16 ] "::"
        "1:2:3:4:5:6:7::",
        "1::",
        "::",
        "fe80::",
        "1:2:3::",
    ];

    const IPV6_INVALID: &[&str] = &[
        "",
        ":",
        ":::",
        "::::",
        "1:",
        ":1",
        "1",
        "1:2",
        ":1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:",
        ":1::",
        "::1:",
        "1::2::3",
        "::1::",
        "1:::2",
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7:8::",
        "::1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7::8",
        "1::2:3:4:5:6:7:8",
        "1:2:3:4::5:6:7:8",
        "12345::",
        "::12345",
        "1:2:3:4:5:6:7:12345",
        "00000::",
        "g::",
        "::G",
        "1:2:3:4:5:6:7:8 ",
        "1:2:3:4:5:6:7:8%eth0",
        "fe80::1%25eth0",
        "[::1]",
        "1.2.3.4",
        "::1.2.3",
        "::1.2.3.",
        "::1.2.3.4.5",
        "::01.2.3.4",
        "::1.2.3.04",
        "::256.1.1.1",
        "::1.2.3.256",
        "::1000.1.1.1",
        "::a.b.c.d",
        "::1.2.3.4:1",
        "::1.2.3.4::",
        "1.2.3.4::",
        "1.2.3.4::1",
        "1:2:3:4:5:6:7:1.2.3.4",
        "1:2:3:4:5:6::1.2.3.4",
        "::1:2:3:4:5:6:1.2.3.4",
        "1:2:3:4:5:1.2.3.4",
        "1:2:3:4:5:6:7:8.1",
        "::ffff:1.2.3.4.",
        "::ffff:.1.2.3.4",
        "::ffff:1..2.3.4",
        "::ff.1.2.3",
        "::1234.1.2.3",
        "v1.x",
    ];

    const IPVFUTURE_VALID: &[&str] = &[
        "v1.x",
        "V1.x",
        "vF.a:b",
        "vf.A",
        "v0.0",
        "v7.::1",
        "vAbC123.x",
        "v1..",
        "v1.:",
        "v1.-._~",
        "v1.!$&'()*+,;=",
        "v1.zZ09",
        "v1.fe80::1",
    ];

    const IPVFUTURE_INVALID: &[&str] = &[
        "", "v", "V", "v1", "v.", "v.x", "v1.", "v1x", "vg.x", "v1.x/", "v1.%41", "v1.x y", "v1.[",
        "v1.]", "v1.@", "v1.?", "v1.#", "v1.\"", "w1.x", "1.x", "xv1.x", " v1.x", "v 1.x", "v1 .x",
        "::1", "1.2.3.4", "v1.é",
    ];

    fn check_table(name: &str, f: fn(&[u8]) -> bool, cases: &[&str], expected: bool) {
        for case in cases {
            assert_eq!(
                f(case.as_bytes()),
                expected,
                "{name}({case:?}) should be {expected}"
            );
        }
    }

    #[test]
    fn ipv4_table() {
        check_table("is_ipv4", is_ipv4, IPV4_VALID, true);
        check_table("is_ipv4", is_ipv4, IPV4_INVALID, false);
    }

    #[test]
    fn ipv6_table() {
        check_table("is_ipv6", is_ipv6, IPV6_VALID, true);
        check_table("is_ipv6", is_ipv6, IPV6_INVALID, false);
    }

    #[test]
    fn ipvfuture_table() {
        check_table("is_ipvfuture", is_ipvfuture, IPVFUTURE_VALID, true);
        check_table("is_ipvfuture", is_ipvfuture, IPVFUTURE_INVALID, false);
    }

    #[test]
    fn dec_octet_every_value() {
        // Every one-to-four digit numeral in every octet position: valid
        // exactly when it is 0..=255 written without a leading zero.
        for len in 1..=4u32 {
            for n in 0..10u32.pow(len) {
                let s = format!("{n:0width$}", width = len as usize);
                let ok = n <= 255 && s.len() == n.to_string().len();
                for pos in 0..4 {
                    let mut parts = ["7"; 4];
                    parts[pos] = &s;
                    let addr = parts.join(".");
                    assert_eq!(is_ipv4(addr.as_bytes()), ok, "is_ipv4({addr:?})");
                    let v6 = format!("::ffff:{addr}");
                    assert_eq!(is_ipv6(v6.as_bytes()), ok, "is_ipv6({v6:?})");
                }
            }
        }
    }

    #[test]
    fn h16_digit_counts_and_case() {
        for len in 0..=6 {
            for digit in ["0", "a", "A", "f", "F", "9"] {
                let group = digit.repeat(len);
                let ok = (1..=4).contains(&len);
                let full = format!("{group}:1:2:3:4:5:6:7");
                assert_eq!(is_ipv6(full.as_bytes()), ok, "{full:?}");
                let elided = format!("1::{group}:2");
                assert_eq!(is_ipv6(elided.as_bytes()), ok, "{elided:?}");
            }
        }
    }

    #[test]
    fn non_ascii_and_arbitrary_bytes_never_panic() {
        // Every 1- and 2-byte input, then those bytes spliced into valid
        // literals: non-ASCII and unexpected bytes are rejected, not a panic.
        for a in 0..=255u8 {
            let one = [a];
            assert!(
                !is_ipv4(&one) && !is_ipv6(&one) && !is_ipvfuture(&one),
                "{one:?}"
            );
            for c in 0..=255u8 {
                let two = [a, c];
                assert!(!is_ipv4(&two), "{two:?}");
                assert_eq!(is_ipv6(&two), two == *b"::", "{two:?}");
                assert!(!is_ipvfuture(&two), "{two:?}");
            }
            if !a.is_ascii() {
                for base in ["1.2.3.4", "::1", "1:2:3:4:5:6:7:8", "v1.x"] {
                    for at in 0..=base.len() {
                        let mut s = base.as_bytes().to_vec();
                        s.insert(at, a);
                        assert!(!is_ipv4(&s) && !is_ipv6(&s) && !is_ipvfuture(&s), "{s:?}");
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------------
    // Reference implementation: a literal transcription of the RFC 3986
    // ABNF, evaluated by an exhaustive backtracking interpreter. Each rule
    // maps the set of positions it may start at to the set of every
    // position it may end at (a bit set, bit `p` = position `p`), so every
    // alternative and every repetition count is tried; nothing is greedy.
    // ------------------------------------------------------------------

    /// Set of positions 0..=127 in the input.
    type Pos = u128;

    /// Longest input the reference accepts (so that position `len` fits in `Pos`).
    const REF_MAX_LEN: usize = 127;

    enum G {
        /// Case-insensitive quoted string (ABNF "...").
        Lit(&'static str),
        /// %xLO-HI byte range.
        Range(u8, u8),
        Seq(Vec<G>),
        Alt(Vec<G>),
        /// min*max repetition; `None` is unbounded.
        Rep(usize, Option<usize>, Box<G>),
    }

    fn lit(s: &'static str) -> G {
        G::Lit(s)
    }
    fn seq<const N: usize>(gs: [G; N]) -> G {
        G::Seq(gs.into())
    }
    fn alt<const N: usize>(gs: [G; N]) -> G {
        G::Alt(gs.into())
    }
    fn rep(min: usize, max: usize, g: G) -> G {
        G::Rep(min, Some(max), Box::new(g))
    }
    fn rep1_inf(g: G) -> G {
        G::Rep(1, None, Box::new(g))
    }
    /// [ g ]
    fn opt(g: G) -> G {
        rep(0, 1, g)
    }

    /// Every end position of `g` over all start positions in `starts`.
    fn ends(g: &G, s: &[u8], starts: Pos) -> Pos {
        if starts == 0 {
            return 0;
        }
        match g {
            G::Lit(l) => each_pos(starts, |at| {
                let l = l.as_bytes();
                s.get(at..at + l.len())
                    .filter(|w| w.eq_ignore_ascii_case(l))
                    .map_or(0, |_| 1 << (at + l.len()))
            }),
            G::Range(lo, hi) => each_pos(starts, |at| {
                s.get(at)
                    .filter(|c| (lo..=hi).contains(c))
                    .map_or(0, |_| 1 << (at + 1))
            }),
            G::Seq(gs) => gs.iter().fold(starts, |cur, g| ends(g, s, cur)),
            G::Alt(gs) => gs.iter().fold(0, |acc, g| acc | ends(g, s, starts)),
            G::Rep(min, max, g) => {
                let mut result = if *min == 0 { starts } else { 0 };
                let mut cur = starts;
                // Every repeated rule here consumes at least one byte, so
                // rounds beyond the input length can never match anything.
                for k in 1..=max.unwrap_or(REF_MAX_LEN + 1) {
                    cur = ends(g, s, cur);
                    if cur == 0 {
                        break;
                    }
                    if k >= *min {
                        result |= cur;
                    }
                }
                result
            }
        }
    }

    /// Union of `f(p)` over every position `p` in `set`.
    fn each_pos(mut set: Pos, f: impl Fn(usize) -> Pos) -> Pos {
        let mut out = 0;
        while set != 0 {
            out |= f(set.trailing_zeros() as usize);
            set &= set - 1;
        }
        out
    }

    fn full_match(g: &G, s: &[u8]) -> bool {
        assert!(s.len() <= REF_MAX_LEN, "reference input too long");
        ends(g, s, 1) & (1 << s.len()) != 0
    }

    struct Grammar {
        ipv4: G,
        ipv6: G,
        ipvfuture: G,
    }

    /// DIGIT = %x30-39
    fn digit() -> G {
        G::Range(b'0', b'9')
    }
    /// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F", where the quoted
    /// strings are case-insensitive: %x41-46 / %x61-66.
    fn hexdig() -> G {
        alt([digit(), G::Range(0x41, 0x46), G::Range(0x61, 0x66)])
    }
    /// h16 = 1*4HEXDIG
    fn h16() -> G {
        rep(1, 4, hexdig())
    }
    /// h16 ":"
    fn h16c() -> G {
        seq([h16(), lit(":")])
    }
    /// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
    fn dec_octet() -> G {
        alt([
            digit(),
            seq([G::Range(0x31, 0x39), digit()]),
            seq([lit("1"), rep(2, 2, digit())]),
            seq([lit("2"), G::Range(0x30, 0x34), digit()]),
            seq([lit("25"), G::Range(0x30, 0x35)]),
        ])
    }
    /// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
    fn ipv4address() -> G {
        seq([
            dec_octet(),
            lit("."),
            dec_octet(),
            lit("."),
            dec_octet(),
            lit("."),
            dec_octet(),
        ])
    }
    /// ls32 = ( h16 ":" h16 ) / IPv4address
    fn ls32() -> G {
        alt([seq([h16(), lit(":"), h16()]), ipv4address()])
    }
    /// [ *k( h16 ":" ) h16 ]
    fn head(k: usize) -> G {
        opt(seq([rep(0, k, h16c()), h16()]))
    }

    fn grammar() -> Grammar {
        let ipv6 = alt([
            seq([rep(6, 6, h16c()), ls32()]),
            seq([lit("::"), rep(5, 5, h16c()), ls32()]),
            seq([opt(h16()), lit("::"), rep(4, 4, h16c()), ls32()]),
            seq([head(1), lit("::"), rep(3, 3, h16c()), ls32()]),
            seq([head(2), lit("::"), rep(2, 2, h16c()), ls32()]),
            seq([head(3), lit("::"), h16c(), ls32()]),
            seq([head(4), lit("::"), ls32()]),
            seq([head(5), lit("::"), h16()]),
            seq([head(6), lit("::")]),
        ]);
        // ALPHA = %x41-5A / %x61-7A
        let alpha = || alt([G::Range(0x41, 0x5A), G::Range(0x61, 0x7A)]);
        // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
        let unreserved = alt([alpha(), digit(), lit("-"), lit("."), lit("_"), lit("~")]);
        // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
        let sub_delims = alt([
            lit("!"),
            lit("$"),
            lit("&"),
            lit("'"),
            lit("("),
            lit(")"),
            lit("*"),
            lit("+"),
            lit(","),
            lit(";"),
            lit("="),
        ]);
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        let ipvfuture = seq([
            lit("v"),
            rep1_inf(hexdig()),
            lit("."),
            rep1_inf(alt([unreserved, sub_delims, lit(":")])),
        ]);
        Grammar {
            ipv4: ipv4address(),
            ipv6,
            ipvfuture,
        }
    }

    #[test]
    fn reference_agrees_with_tables() {
        // The reference must itself get the hand-written tables right,
        // otherwise the differential tests below would prove nothing.
        let g = grammar();
        let sets: [(&G, &[&str], bool); 6] = [
            (&g.ipv4, IPV4_VALID, true),
            (&g.ipv4, IPV4_INVALID, false),
            (&g.ipv6, IPV6_VALID, true),
            (&g.ipv6, IPV6_INVALID, false),
            (&g.ipvfuture, IPVFUTURE_VALID, true),
            (&g.ipvfuture, IPVFUTURE_INVALID, false),
        ];
        for (rule, cases, expected) in sets {
            for case in cases {
                assert_eq!(
                    full_match(rule, case.as_bytes()),
                    expected,
                    "reference on {case:?}"
                );
            }
        }
    }

    // ------------------------------------------------------------------
    // Generated inputs
    // ------------------------------------------------------------------

    /// Every string of length 0..=max_len over `alphabet`.
    fn exhaustive(alphabet: &[u8], max_len: usize) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new()];
        let mut layer = vec![Vec::new()];
        for _ in 0..max_len {
            let mut next = Vec::with_capacity(layer.len() * alphabet.len());
            for s in &layer {
                for &c in alphabet {
                    let mut t: Vec<u8> = s.clone();
                    t.push(c);
                    next.push(t);
                }
            }
            all.extend(next.iter().cloned());
            layer = next;
        }
        all
    }

    /// xorshift64, fixed seed.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// `count` strings of length 0..=max_len over `alphabet`.
    fn random_strings(seed: u64, alphabet: &[u8], max_len: usize, count: usize) -> Vec<Vec<u8>> {
        let mut rng = Rng(seed);
        (0..count)
            .map(|_| {
                let len = rng.below(max_len + 1);
                (0..len)
                    .map(|_| alphabet[rng.below(alphabet.len())])
                    .collect()
            })
            .collect()
    }

    /// `count` strings glued from address-shaped tokens, so that a useful
    /// share of them is valid or only just invalid.
    fn random_token_strings(
        seed: u64,
        tokens: &[&str],
        max_tokens: usize,
        count: usize,
    ) -> Vec<Vec<u8>> {
        let mut rng = Rng(seed);
        (0..count)
            .map(|_| {
                let n = rng.below(max_tokens + 1);
                (0..n)
                    .flat_map(|_| tokens[rng.below(tokens.len())].bytes())
                    .collect()
            })
            .collect()
    }

    const V6_TOKENS: &[&str] = &[
        "1:",
        "1:",
        "ff:",
        "ABCD:",
        "0:",
        "::",
        ":",
        "1",
        "f",
        "12345",
        "1.2.3.4",
        "255.0.0.1",
        "01.2.3.4",
        "256.1.1.1",
        "1.2.3",
        ".",
        "0",
        "FfFf:",
    ];

    fn ipv6_inputs() -> Vec<Vec<u8>> {
        let mut v = exhaustive(b"01f:.", 7);
        v.extend(random_strings(
            0x9E37_79B9_7F4A_7C15,
            b"019aFg:.25",
            45,
            5000,
        ));
        v.extend(random_token_strings(
            0xD1B5_4A32_D192_ED03,
            V6_TOKENS,
            12,
            20000,
        ));
        v
    }

    fn ipv4_inputs() -> Vec<Vec<u8>> {
        let mut v = exhaustive(b"0125.", 8);
        v.extend(exhaustive(b"0369.", 8));
        v.extend(random_strings(
            0x2545_F491_4F6C_DD1D,
            b"019aFg:.25",
            20,
            5000,
        ));
        v.extend(random_token_strings(
            0x5851_F42D_4C95_7F2D,
            &[
                "0", "1", "9", "25", "255", "256", "99", "100", "199", "249", "250", "00", ".", ".",
            ],
            9,
            20000,
        ));
        v
    }

    fn ipvfuture_inputs() -> Vec<Vec<u8>> {
        let mut v = exhaustive(b"vV1g.:%", 6);
        v.extend(random_strings(
            0x1405_7B7E_F767_814F,
            b"vVaFg1.:-_~!$&'()*+,;=%/?#[]@ \"",
            16,
            20000,
        ));
        v.extend(random_token_strings(
            0x9FB2_1C65_1E98_DF5E,
            &[
                "v", "V", "1", "fF", "g", ".", ":", "x", "%41", "/", "~", "!",
            ],
            8,
            20000,
        ));
        v
    }

    /// Runs `f` and the reference on every input; both must agree, and the
    /// inputs must contain enough valid cases for the comparison to mean
    /// something.
    fn differential(
        name: &str,
        f: fn(&[u8]) -> bool,
        rule: &G,
        inputs: &[Vec<u8>],
        min_valid: usize,
    ) {
        let mut valid = 0;
        for s in inputs {
            let expected = full_match(rule, s);
            assert_eq!(
                f(s),
                expected,
                "{name}({:?}) disagrees with the ABNF reference",
                String::from_utf8_lossy(s)
            );
            valid += usize::from(expected);
        }
        assert!(
            valid >= min_valid,
            "{name}: only {valid} valid inputs of {}",
            inputs.len()
        );
    }

    #[test]
    fn ipv6_matches_abnf_reference() {
        differential("is_ipv6", is_ipv6, &grammar().ipv6, &ipv6_inputs(), 500);
    }

    #[test]
    fn ipv4_matches_abnf_reference() {
        differential("is_ipv4", is_ipv4, &grammar().ipv4, &ipv4_inputs(), 500);
    }

    #[test]
    fn ipvfuture_matches_abnf_reference() {
        differential(
            "is_ipvfuture",
            is_ipvfuture,
            &grammar().ipvfuture,
            &ipvfuture_inputs(),
            500,
        );
    }

    // ------------------------------------------------------------------
    // Differential tests against std::net
    // ------------------------------------------------------------------

    fn std_ipv6(s: &[u8]) -> bool {
        std::str::from_utf8(s).is_ok_and(|s| s.parse::<Ipv6Addr>().is_ok())
    }

    fn std_ipv4(s: &[u8]) -> bool {
        std::str::from_utf8(s).is_ok_and(|s| s.parse::<Ipv4Addr>().is_ok())
    }

    /// The generated-input comparisons above found no input on which std
    /// (Rust 1.95; the crate's MSRV is 1.80) and RFC 3986 disagree, so they
    /// assert full agreement. These are the cases where they have differed,
    /// or where a parser is most likely to: if a std release reverts to the
    /// old behaviour, this test names the specific difference.
    #[test]
    fn std_agrees_on_historical_divergences() {
        // RFC 3986 `dec-octet` forbids leading zeros. std accepted them
        // ("01.01.01.01") before rust-lang/rust#83652, and still accepted
        // octal-looking zeros ("00") until rust-lang/rust#86984 (Rust 1.55).
        for s in ["01.1.1.1", "1.1.1.01", "00.0.0.0", "0.0.0.000", "001.2.3.4"] {
            assert!(!is_ipv4(s.as_bytes()) && !std_ipv4(s.as_bytes()), "{s:?}");
            let v6 = format!("::ffff:{s}");
            assert!(
                !is_ipv6(v6.as_bytes()) && !std_ipv6(v6.as_bytes()),
                "{v6:?}"
            );
        }
        // RFC 3986 `h16 = 1*4HEXDIG`: a fifth digit is invalid, even a zero
        // that would not change the value; std caps groups at four digits.
        for s in ["00000::", "::00001", "1:2:3:4:5:6:7:00008"] {
            assert!(!is_ipv6(s.as_bytes()) && !std_ipv6(s.as_bytes()), "{s:?}");
        }
        // The IPv4address may only be the final ls32, and "::" must stand
        // for at least one group: std agrees on both.
        for s in ["1.2.3.4::", "1:2:3:4:5:6::1.2.3.4", "1:2:3:4:5:6:7:8::"] {
            assert!(!is_ipv6(s.as_bytes()) && !std_ipv6(s.as_bytes()), "{s:?}");
        }
        // Zone ids (RFC 6874) are not part of RFC 3986 `IPv6address`, and
        // std's Ipv6Addr rejects them too (only SocketAddrV6 has a scope id).
        for s in ["fe80::1%eth0", "fe80::1%25eth0"] {
            assert!(!is_ipv6(s.as_bytes()) && !std_ipv6(s.as_bytes()), "{s:?}");
        }
        // Upper-case hex and embedded IPv4 after "::" are valid for both.
        for s in [
            "::FFFF:1.2.3.4",
            "ABCD:EF01::1",
            "1:2:3:4:5::255.255.255.255",
        ] {
            assert!(is_ipv6(s.as_bytes()) && std_ipv6(s.as_bytes()), "{s:?}");
        }
    }

    #[test]
    fn ipv6_matches_std() {
        let mut disagree = Vec::new();
        for s in ipv6_inputs().iter().chain(&ipv4_inputs()) {
            if is_ipv6(s) != std_ipv6(s) {
                disagree.push(String::from_utf8_lossy(s).into_owned());
            }
        }
        assert!(
            disagree.is_empty(),
            "is_ipv6 vs Ipv6Addr: {:?}",
            &disagree[..disagree.len().min(40)]
        );
    }

    #[test]
    fn ipv4_matches_std() {
        let mut disagree = Vec::new();
        for s in ipv4_inputs().iter().chain(&ipv6_inputs()) {
            if is_ipv4(s) != std_ipv4(s) {
                disagree.push(String::from_utf8_lossy(s).into_owned());
            }
        }
        assert!(
            disagree.is_empty(),
            "is_ipv4 vs Ipv4Addr: {:?}",
            &disagree[..disagree.len().min(40)]
        );
    }
}
