//! Generators of IRI references from the ABNF of 3987bis 2.2, shared by the property tests, and
//! the watchdog of the tests of linear time.
#![allow(dead_code)]

use proptest::prelude::*;

/// An IRI reference built piece by piece, with the components it was built from.
#[derive(Clone, Debug)]
pub struct Built {
    pub text: String,
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub host_kind: Option<iriscan::HostKind>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

impl Built {
    pub fn authority(&self) -> Option<String> {
        self.host.as_ref().map(|h| {
            let mut a = String::new();
            if let Some(u) = &self.userinfo {
                a.push_str(u);
                a.push('@');
            }
            a.push_str(h);
            if let Some(p) = &self.port {
                a.push(':');
                a.push_str(p);
            }
            a
        })
    }
}

/// The bidi formatting characters, which 3987bis 4.1 forbids anywhere (with the isolates and ALM,
/// as iriscan extends it: README): the reference the tests that skip or build them share.
pub fn is_bidi(cp: u32) -> bool {
    matches!(cp, 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// 3987bis 2.2 `ucschar`, less the bidi formatting characters of 4.1 and the non-characters.
pub fn ucschar() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => 0xA0u32..=0x2FF,
        4 => 0x0590u32..=0x06FF,
        4 => 0x3040u32..=0x9FFF,
        1 => 0xA0u32..=0xD7FF,
        1 => 0xF900u32..=0xFDCF,
        1 => 0xFDF0u32..=0xFFEF,
        1 => 0x10000u32..=0xDFFFD,
        1 => 0xE1000u32..=0xEFFFD,
        1 => prop_oneof![Just(0xD7FFu32), Just(0xF900), Just(0xFDCF), Just(0xFDF0), Just(0xFFEF), Just(0x1FFFD), Just(0xE1000), Just(0xEFFFD), Just(0x200D), Just(0x2029)],
    ]
    .prop_filter_map("a ucschar", |cp| char::from_u32(cp).filter(|_| !is_bidi(cp) && cp & 0xFFFE != 0xFFFE))
}

/// 3987bis 2.2 `iprivate` (tags included).
pub fn iprivate() -> impl Strategy<Value = char> {
    prop_oneof![
        0xE000u32..=0xF8FF,
        0xE0000u32..=0xE0FFF,
        0xF0000u32..=0xFFFFD,
        0x100000u32..=0x10FFFD
    ]
    .prop_map(|cp| char::from_u32(cp).unwrap())
}

/// `pct-encoded`, either case.
pub fn pct() -> impl Strategy<Value = String> {
    (any::<u8>(), any::<bool>()).prop_map(|(b, upper)| {
        if upper {
            format!("%{b:02X}")
        } else {
            format!("%{b:02x}")
        }
    })
}

/// A string of items, each a literal ASCII character from `ascii`, a `ucschar` (when
/// `unicode`), a `pct-encoded`, or an `iprivate` (when `private`).
pub fn chars(
    ascii: &'static str,
    unicode: bool,
    private: bool,
    max: usize,
) -> impl Strategy<Value = String> {
    let ascii: Vec<char> = ascii.chars().collect();
    let item = prop_oneof![
        6 => proptest::sample::select(ascii).prop_map(String::from),
        if unicode { 3 } else { 0 } => ucschar().prop_map(String::from),
        1 => pct(),
        if private { 1 } else { 0 } => iprivate().prop_map(String::from),
    ];
    proptest::collection::vec(item, 0..max).prop_map(|v| v.concat())
}

pub const ALPHA: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
pub const UNRESERVED: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
pub const SUB_DELIMS: &str = "!$&'()*+,;=";

fn s(a: &str, b: &str) -> &'static str {
    Box::leak(format!("{a}{b}").into_boxed_str())
}

pub fn scheme() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(ALPHA.chars().collect::<Vec<_>>()),
        "[a-zA-Z0-9+.-]{0,8}",
    )
        .prop_map(|(a, rest)| format!("{a}{rest}"))
}

pub fn host(unicode: bool) -> impl Strategy<Value = (String, iriscan::HostKind)> {
    use iriscan::HostKind;
    prop_oneof![
        4 => chars(s(UNRESERVED, SUB_DELIMS), unicode, false, 12).prop_map(|h| {
            let kind = if h.parse::<std::net::Ipv4Addr>().is_ok() { HostKind::Ipv4 } else { HostKind::RegName };
            (h, kind)
        }),
        1 => any::<[u8; 4]>().prop_map(|o| (std::net::Ipv4Addr::from(o).to_string(), HostKind::Ipv4)),
        1 => (any::<[u16; 8]>(), 0usize..8, 0usize..8).prop_map(|(g, zero_from, zeros)| {
            let mut g = g;
            for x in g.iter_mut().skip(zero_from).take(zeros) {
                *x = 0;
            }
            (format!("[{}]", std::net::Ipv6Addr::from(g)), HostKind::Ipv6)
        }),
        1 => ("[vV]", "[0-9a-fA-F]{1,3}", "[a-zA-Z0-9._~!$&'()*+,;=:-]{1,10}")
            .prop_map(|(v, hex, tail)| (format!("[{v}{hex}.{tail}]"), HostKind::IpvFuture)),
    ]
}

/// `isegment` (or `isegment-nz-nc` with `nc`), non-empty when `nz`.
pub fn segment(unicode: bool, nz: bool, nc: bool) -> impl Strategy<Value = String> {
    let ascii = if nc {
        s(s(UNRESERVED, SUB_DELIMS), "@")
    } else {
        s(s(UNRESERVED, SUB_DELIMS), ":@")
    };
    chars(ascii, unicode, false, 6).prop_filter("non-empty", move |seg| !nz || !seg.is_empty())
}

/// An IRI reference (or, with `unicode` false, a URI reference) built from the ABNF.
pub fn iri_ref(unicode: bool, fragment_hash: bool) -> impl Strategy<Value = Built> {
    let authority = proptest::option::of((
        proptest::option::of(chars(s(s(UNRESERVED, SUB_DELIMS), ":"), unicode, false, 8)),
        host(unicode),
        proptest::option::of("[0-9]{0,5}"),
    ));
    let segments = proptest::collection::vec(segment(unicode, false, false), 0..4);
    let frag_ascii = if fragment_hash {
        s(s(UNRESERVED, SUB_DELIMS), ":@/?#")
    } else {
        s(s(UNRESERVED, SUB_DELIMS), ":@/?")
    };
    (
        proptest::option::of(scheme()),
        authority,
        0u8..3,
        segment(unicode, true, true),
        segment(unicode, true, false),
        segments,
        proptest::option::of(chars(
            s(s(UNRESERVED, SUB_DELIMS), ":@/?"),
            unicode,
            unicode,
            10,
        )),
        proptest::option::of(chars(frag_ascii, unicode, false, 10)),
    )
        .prop_map(
            |(scheme, authority, form, first_nc, first_nz, rest, query, fragment)| {
                let tail: String = rest.iter().map(|seg| format!("/{seg}")).collect();
                let mut text = String::new();
                if let Some(s) = &scheme {
                    text.push_str(s);
                    text.push(':');
                }
                let (mut userinfo, mut host, mut host_kind, mut port) = (None, None, None, None);
                let path = if let Some((u, (h, k), p)) = authority {
                    userinfo = u;
                    host = Some(h);
                    host_kind = Some(k);
                    port = p;
                    tail // ipath-abempty
                } else {
                    match form {
                        0 => format!("/{first_nz}{tail}"), // ipath-absolute
                        1 if scheme.is_some() => format!("{first_nz}{tail}"), // ipath-rootless
                        1 => format!("{first_nc}{tail}"),  // ipath-noscheme
                        _ => String::new(),                // ipath-empty
                    }
                };
                let mut built = Built {
                    text: String::new(),
                    scheme,
                    userinfo,
                    host,
                    host_kind,
                    port,
                    path,
                    query,
                    fragment,
                };
                if let Some(a) = built.authority() {
                    text.push_str("//");
                    text.push_str(&a);
                }
                text.push_str(&built.path);
                if let Some(q) = &built.query {
                    text.push('?');
                    text.push_str(q);
                }
                if let Some(f) = &built.fragment {
                    text.push('#');
                    text.push_str(f);
                }
                built.text = text;
                built
            },
        )
}

/// Bytes that make interesting mutations: delimiters, "%", bytes of UTF-8 sequences of every
/// class, invalid bytes, controls.
pub fn mutation_byte() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::sample::select(b":/?#[]@!$&'()*+,;=%-._~ \"<>\\^`{|}\t\r\n\0\x7fazAZ09".to_vec())
            .prop_map(|b| vec![b]),
        any::<u8>().prop_map(|b| vec![b]),
        proptest::sample::select(vec![
            "\u{e9}",
            "\u{202e}",
            "\u{200e}",
            "\u{2066}",
            "\u{061c}",
            "\u{061b}",
            "\u{e000}",
            "\u{e0001}",
            "\u{fdd0}",
            "\u{fffd}",
            "\u{85}",
            "\u{10fffd}",
            "\u{ffff}",
            "\u{4f8b}",
            "\u{1f600}",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        proptest::sample::select(vec![
            &b"\xC0\xAF"[..],
            b"\xED\xA0\x80",
            b"\xF4\x90\x80\x80",
            b"\xE2\x82",
            b"\x80",
            b"\xFF"
        ])
        .prop_map(<[u8]>::to_vec),
    ]
}

/// Applies up to a few insertions, deletions and replacements to `text`.
pub fn mutate(text: &[u8], edits: &[(usize, u8, Vec<u8>)]) -> Vec<u8> {
    let mut out = text.to_vec();
    for (at, op, bytes) in edits {
        let at = if out.is_empty() {
            0
        } else {
            at % (out.len() + 1)
        };
        match op % 3 {
            0 => {
                out.splice(at..at, bytes.iter().copied());
            }
            1 if at < out.len() => {
                out.remove(at);
            }
            _ if at < out.len() => {
                out.splice(at..at + 1, bytes.iter().copied());
            }
            _ => out.extend_from_slice(bytes),
        }
    }
    out
}

/// The lines of the bench corpus: `data/bench/urls.txt`, then `data/bench/iris.txt`.
pub fn bench_corpus() -> Vec<String> {
    let mut lines = Vec::new();
    for name in ["urls.txt", "iris.txt"] {
        let path = format!("{}/data/bench/{name}", env!("CARGO_MANIFEST_DIR"));
        lines.extend(
            std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .map(str::to_string),
        );
    }
    lines
}

/// The lines of `data/sample.txt` that are UTF-8.
pub fn sample_lines() -> Vec<String> {
    let sample = std::fs::read(format!("{}/data/sample.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    sample
        .split(|&b| b == b'\n')
        .filter_map(|l| String::from_utf8(l.to_vec()).ok())
        .collect()
}

/// A reference put together from its parts, as the generators of the resolution and
/// normalization tests draw them: `lead` 0 puts a "/" before the path when there is no
/// authority (an absolute path), and the segments are joined with "/".
pub fn assemble(
    scheme: Option<&str>,
    authority: Option<&str>,
    lead: u8,
    segments: &[&str],
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut s = String::new();
    if let Some(sc) = scheme {
        s.push_str(sc);
        s.push(':');
    }
    let path = segments.join("/");
    if let Some(a) = authority {
        s.push_str("//");
        s.push_str(a);
        if !path.is_empty() {
            s.push('/');
        }
    } else if lead == 0 {
        s.push('/');
    }
    s.push_str(&path);
    if let Some(q) = query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// `f(input)`, or a failure when it takes more than a minute: the inputs of the tests of linear
/// time take well under a second, and hours in time n².
pub fn within_a_minute<T: Send + 'static>(
    input: String,
    f: impl FnOnce(&str) -> T + Send + 'static,
) -> T {
    let (done, wait) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(f(&input));
    });
    wait.recv_timeout(std::time::Duration::from_secs(60))
        .expect("not done within a minute: quadratic again?")
}
