//! Differential tests of normalization (3987bis 5.3.2 and 5.3.3, RFC 3986 6.2.2 and 6.2.3):
//! iriscan's ladder against fluent-uri's and iri-string's `normalize`, on the bench corpus, the
//! sample and generated references. Each peer is run with its IRI types and, on ASCII input,
//! with its URI types (which decode no percent-encoded UTF-8), against iriscan's syntax level;
//! fluent-uri, which also drops default ports (a rule of 5.3.3), against the scheme level too.
//! Where a peer's semantics differ from iriscan's, the input is left out by a named predicate,
//! one per difference (`fluent_differs`, `iri_string_differs`,
//! `fluent_differs_at_scheme_level`), and each difference has its own test (`difference_*`)
//! that shows it on an example, so the list stays true as the crates change.

mod common;

use iriscan::normalize::Level;
use iriscan::{HostKind, IriRef};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::cell::RefCell;

/// iriscan's normal form of `s` at `level`.
fn ours(s: &str, level: Level) -> String {
    IriRef::parse(s)
        .unwrap()
        .normalize(level)
        .unwrap()
        .into_owned()
}

/// The ways a peer is run and compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Peer {
    /// `fluent_uri::IriRef::normalize`.
    FluentIri,
    /// `fluent_uri::UriRef::normalize`, on ASCII input.
    FluentUri,
    /// `iri_string::types::IriStr::normalize`: absolute IRIs only (no relative references).
    IriStringIri,
    /// `iri_string::types::UriStr::normalize`, on ASCII absolute URIs.
    IriStringUri,
    /// `fluent_uri::IriRef::normalize` against iriscan's scheme level: fluent-uri drops default
    /// ports, a rule of 5.3.3.
    FluentIriAtSchemeLevel,
}

const PEERS: [Peer; 5] = [
    Peer::FluentIri,
    Peer::FluentUri,
    Peer::IriStringIri,
    Peer::IriStringUri,
    Peer::FluentIriAtSchemeLevel,
];

impl Peer {
    /// The peer's normal form of `s`, `None` when its parser (or type) does not take `s`.
    fn normalize(self, s: &str) -> Option<String> {
        match self {
            Peer::FluentIri | Peer::FluentIriAtSchemeLevel => fluent_uri::IriRef::parse(s)
                .ok()
                .map(|r| r.normalize().as_str().to_string()),
            Peer::FluentUri => fluent_uri::UriRef::parse(s)
                .ok()
                .map(|r| r.normalize().as_str().to_string()),
            Peer::IriStringIri => iri_string::types::IriStr::new(s)
                .ok()
                .map(|r| r.normalize().to_string()),
            Peer::IriStringUri => iri_string::types::UriStr::new(s)
                .ok()
                .map(|r| r.normalize().to_string()),
        }
    }

    /// Whether the peer decodes percent-encoded UTF-8 (its IRI types do, its URI types cannot).
    fn iri_types(self) -> bool {
        !matches!(self, Peer::FluentUri | Peer::IriStringUri)
    }

    /// The rung of iriscan's ladder the peer is compared with.
    fn level(self) -> Level {
        match self {
            Peer::FluentIriAtSchemeLevel => Level::Scheme,
            _ => Level::Syntax,
        }
    }

    /// Why this peer's normal form may differ from iriscan's at `self.level()` on `iri`, or
    /// `None` where the two must be equal.
    fn differs(self, iri: &IriRef<'_>) -> Option<&'static str> {
        match self {
            Peer::FluentIri | Peer::FluentUri => fluent_differs(iri, self.iri_types()),
            Peer::IriStringIri | Peer::IriStringUri => iri_string_differs(iri, self.iri_types()),
            Peer::FluentIriAtSchemeLevel => fluent_differs_at_scheme_level(iri),
        }
    }
}

// ---- The differences, one predicate each (the tests `difference_*` below show each one). ----

/// The octets of each run of `%HH` triplets in `s`.
fn percent_runs(s: &str) -> Vec<Vec<u8>> {
    let b = s.as_bytes();
    let mut runs = Vec::new();
    let mut run = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let octet = (b[i] == b'%' && i + 2 < b.len())
            .then(|| std::str::from_utf8(&b[i + 1..i + 3]).ok())
            .flatten()
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match octet {
            Some(o) => {
                run.push(o);
                i += 3;
            }
            None => {
                if !run.is_empty() {
                    runs.push(std::mem::take(&mut run));
                }
                i += 1;
            }
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// The characters percent-encoded as UTF-8 in `s` (each run of triplets decoded; octets that
/// are not UTF-8 left out).
fn percent_encoded_chars(s: &str) -> Vec<char> {
    percent_runs(s)
        .iter()
        .flat_map(|run| {
            run.utf8_chunks()
                .flat_map(|chunk| chunk.valid().chars())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// RFC 3987 2.2 `ucschar`, as both peers have it (3987bis 4.1 takes the bidi formatting
/// characters out; the peers decode them too).
fn is_rfc3987_ucschar(c: char) -> bool {
    let c = u32::from(c);
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
        || (0x10000..=0xDFFFD).contains(&c) && c & 0xFFFF <= 0xFFFD
}

/// RFC 3987 2.2 `iprivate`.
fn is_iprivate(c: char) -> bool {
    matches!(u32::from(c), 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// Some component holds a percent-encoded `ucschar` (or, with `private_in_query`, an
/// `iprivate` in the query), which the peers' IRI types decode: they read the "unreserved
/// character" of 5.3.2.3 as `iunreserved`. iriscan keeps it encoded: 3987bis 5.3.2.3 decodes
/// "any percent-encoded octet sequence that corresponds to an unreserved character, as
/// described in section 2.3 of [RFC3986]", which is ASCII, and aligns the rest only to compare,
/// by mapping both IRIs to URIs (`compare` does). Decoding can also write a character that
/// 3987bis 4.1 forbids (a bidi formatting character).
fn decodes_percent_encoded_characters(iri: &IriRef<'_>, private_in_query: bool) -> bool {
    let ucs = |c: Option<&str>| {
        c.is_some_and(|c| percent_encoded_chars(c).into_iter().any(is_rfc3987_ucschar))
    };
    ucs(iri.userinfo())
        || ucs(iri.host())
        || ucs(Some(iri.path()))
        || ucs(iri.fragment())
        || iri.query().is_some_and(|q| {
            percent_encoded_chars(q)
                .into_iter()
                .any(|c| is_rfc3987_ucschar(c) || private_in_query && is_iprivate(c))
        })
}

/// A `%HH` triplet of an ASCII capital letter, which percent-encoding normalization decodes.
fn has_encoded_capital(s: &str) -> bool {
    percent_runs(s)
        .iter()
        .any(|run| run.iter().any(u8::is_ascii_uppercase))
}

/// A capital ASCII letter outside `%HH` triplets.
fn has_plain_capital(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            i += 3;
            continue;
        }
        if b[i].is_ascii_uppercase() {
            return true;
        }
        i += 1;
    }
    false
}

/// A reg-name with non-ASCII characters and capital ASCII letters: fluent-uri lowercases the
/// ASCII letters of every reg-name (RFC 3986 6.2.2.1: "the host" is case-insensitive);
/// iriscan lowercases only a "US-ASCII only host" (3987bis 5.3.2.1) and leaves the case of an
/// IDN to the scheme level (5.3.3), where UTS #46 maps it.
fn non_ascii_reg_name_with_capitals(iri: &IriRef<'_>) -> bool {
    iri.host_kind() == Some(HostKind::RegName)
        && iri
            .host()
            .is_some_and(|h| !h.is_ascii() && (has_plain_capital(h) || has_encoded_capital(h)))
}

/// An IPv6 literal whose text is not the RFC 5952 form: fluent-uri rewrites it (`[FE80:0::A]`
/// as `[fe80::a]`); 5.3.2.1 and RFC 3986 6.2.2.1 only lowercase its hex digits, as iriscan
/// does. (std's `Ipv6Addr` writes RFC 5952, as fluent-uri does.)
fn ipv6_not_in_rfc5952_form(iri: &IriRef<'_>) -> bool {
    iri.host_kind() == Some(HostKind::Ipv6)
        && iri.host().is_some_and(|h| {
            let inner = &h[1..h.len() - 1];
            let addr: std::net::Ipv6Addr = inner.parse().unwrap();
            addr.to_string() != inner.to_ascii_lowercase()
        })
}

/// A complete segment "." or ".." once `%2E` is decoded (RFC 3986 5.2.4, 6.2.2.3).
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|seg| {
        let seg = seg.replace("%2e", ".").replace("%2E", ".");
        seg == "." || seg == ".."
    })
}

/// Dot segments that iriscan removes and fluent-uri keeps: fluent-uri applies
/// remove_dot_segments only when there is a scheme and the path is absolute; iriscan to the
/// path of every IRI (5.3.2.4: "IRI normalizers should remove dot-segments"), rootless ones
/// included, and of relative references with an absolute path, as resolution would (RFC 3986
/// 5.2.2).
fn dot_segments_fluent_keeps(iri: &IriRef<'_>) -> bool {
    let rooted = iri.path().starts_with('/');
    let iriscan_removes = iri.scheme().is_some() || rooted;
    let fluent_removes = iri.scheme().is_some() && rooted;
    iriscan_removes && !fluent_removes && has_dot_segment(iri.path())
}

/// A port that fluent-uri drops: empty, or the default of the scheme in fluent-uri's own table.
/// 3987bis 5.3.3 makes that a scheme-based rule, and iriscan's syntax level keeps the port.
fn port_fluent_drops(iri: &IriRef<'_>) -> bool {
    let Some(port) = iri.port() else {
        return false;
    };
    let default = iri
        .scheme()
        .and_then(fluent_uri::component::Scheme::new)
        .and_then(|s| s.default_port());
    port.is_empty() || default.is_some_and(|d| port.parse::<u16>() == Ok(d))
}

/// Why fluent-uri's normal form may differ from iriscan's syntax level, or `None`.
fn fluent_differs(iri: &IriRef<'_>, iri_types: bool) -> Option<&'static str> {
    if iri_types && decodes_percent_encoded_characters(iri, true) {
        return Some("fluent-uri decodes percent-encoded ucschar and iprivate");
    }
    if non_ascii_reg_name_with_capitals(iri) {
        return Some("fluent-uri lowercases ASCII letters of a non-ASCII host");
    }
    if ipv6_not_in_rfc5952_form(iri) {
        return Some("fluent-uri writes IPv6 literals in RFC 5952 form");
    }
    if dot_segments_fluent_keeps(iri) {
        return Some("fluent-uri removes dot segments only with a scheme and an absolute path");
    }
    if port_fluent_drops(iri) {
        return Some("fluent-uri drops an empty or default port");
    }
    None
}

/// An empty port, which iri-string drops (RFC 3986 3.2.3: "normalizers should omit the port
/// component and its ':' delimiter if port is empty"); 3987bis 5.3.3 makes that scheme-based
/// normalization, and iriscan's syntax level keeps it.
fn empty_port(iri: &IriRef<'_>) -> bool {
    iri.port() == Some("")
}

/// A reg-name with a percent-encoded non-ASCII octet and capital ASCII letters: iri-string
/// does not take it for a "US-ASCII only host" (5.3.2.1) and keeps its case; iriscan does (its
/// text is ASCII, and RFC 3986 6.2.2.1 lowercases every URI host) and lowercases it outside the
/// triplets.
fn encoded_non_ascii_reg_name_with_capitals(iri: &IriRef<'_>) -> bool {
    iri.host_kind() == Some(HostKind::RegName)
        && iri.host().is_some_and(|h| {
            h.is_ascii()
                && percent_runs(h)
                    .iter()
                    .any(|r| r.iter().any(|o| !o.is_ascii()))
                && (has_plain_capital(h) || has_encoded_capital(h))
        })
}

/// Why iri-string's normal form may differ from iriscan's syntax level, or `None`.
fn iri_string_differs(iri: &IriRef<'_>, iri_types: bool) -> Option<&'static str> {
    if iri_types && decodes_percent_encoded_characters(iri, false) {
        return Some("iri-string decodes percent-encoded ucschar");
    }
    if empty_port(iri) {
        return Some("iri-string drops an empty port");
    }
    if encoded_non_ascii_reg_name_with_capitals(iri) {
        return Some("iri-string keeps the case of a host with percent-encoded non-ASCII");
    }
    None
}

/// A reg-name that IDNA may change at the scheme level (5.3.3): iriscan writes a DNS host in
/// its UTS #46 ToUnicode form, lowercase, "xn--" labels converted, percent-encoded UTF-8
/// decoded (README, "How the spec is read"); fluent-uri maps no host. A host of non-empty
/// labels of `[A-Za-z0-9-]` that are not "xn--" labels is only lowercased, as at the syntax level.
fn idna_may_change_host(iri: &IriRef<'_>) -> bool {
    let dns = iri
        .scheme()
        .and_then(iriscan::scheme_info)
        .is_none_or(|i| i.dns_host);
    iri.host_kind() == Some(HostKind::RegName)
        && dns
        && iri.host().is_some_and(|h| {
            !h.is_empty()
                && !h.split('.').all(|label| {
                    !label.is_empty()
                        && !label
                            .get(..4)
                            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
                        && label
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                })
        })
}

/// A port that is the scheme's default in one table and not in the other: fluent-uri's holds
/// schemes that iriscan's does not (`dict`, `vnc`, ...), and the other way round (`ldaps`,
/// `news`, `sip`, `sips`). Both drop an empty port, and count leading zeros as nothing.
fn default_port_tables_differ(iri: &IriRef<'_>) -> bool {
    let (Some(scheme), Some(port)) = (iri.scheme(), iri.port()) else {
        return false;
    };
    let port = port.parse::<u16>().ok();
    let fluent = fluent_uri::component::Scheme::new(scheme).and_then(|s| s.default_port());
    let ours = iriscan::scheme_info(scheme).and_then(|i| i.default_port);
    port.is_some() && (port == fluent) != (port == ours)
}

/// An empty path with an authority, which iriscan's scheme level writes "/" where its scheme
/// table says the scheme defines them as one (5.3.3, RFC 3986 6.2.3: `http`, `https`, `ws`,
/// `wss`); fluent-uri never does.
fn empty_path_becomes_slash(iri: &IriRef<'_>) -> bool {
    iri.host().is_some()
        && iri.path().is_empty()
        && iri
            .scheme()
            .and_then(iriscan::scheme_info)
            .is_some_and(|i| i.empty_path_is_slash)
}

/// Why fluent-uri's normal form may differ from iriscan's scheme level, or `None`: the
/// differences of the syntax level but for the ports, and the scheme-based rules fluent-uri
/// does not have.
fn fluent_differs_at_scheme_level(iri: &IriRef<'_>) -> Option<&'static str> {
    if decodes_percent_encoded_characters(iri, true) {
        return Some("fluent-uri decodes percent-encoded ucschar and iprivate");
    }
    if ipv6_not_in_rfc5952_form(iri) {
        return Some("fluent-uri writes IPv6 literals in RFC 5952 form");
    }
    if dot_segments_fluent_keeps(iri) {
        return Some("fluent-uri removes dot segments only with a scheme and an absolute path");
    }
    if idna_may_change_host(iri) {
        return Some("fluent-uri maps no host with IDNA");
    }
    if default_port_tables_differ(iri) {
        return Some("the tables of default ports differ");
    }
    if empty_path_becomes_slash(iri) {
        return Some("fluent-uri keeps an empty path");
    }
    None
}

// ---- The comparison. ----

/// What happened to one input with one peer.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    /// Both normalized it, and the normal forms are equal.
    Equal,
    /// A documented difference applies (the reason given); not compared.
    Excluded(&'static str),
    /// One of the parsers rejects it, or the peer's types cannot hold it (a relative reference
    /// for iri-string, non-ASCII for the URI types).
    NotComparable,
}

fn compare(peer: Peer, s: &str) -> Result<Outcome, String> {
    let Ok(iri) = IriRef::parse(s) else {
        return Ok(Outcome::NotComparable);
    };
    let Some(theirs) = peer.normalize(s) else {
        return Ok(Outcome::NotComparable);
    };
    if let Some(why) = peer.differs(&iri) {
        return Ok(Outcome::Excluded(why));
    }
    let ours = iri
        .normalize(peer.level())
        .map_err(|e| format!("{peer:?} on {s:?}: iriscan fails: {e}"))?;
    if ours != theirs {
        return Err(format!(
            "{peer:?} on {s:?}: iriscan {ours:?}, peer {theirs:?}"
        ));
    }
    Ok(Outcome::Equal)
}

#[derive(Default, Debug)]
struct Counts {
    equal: usize,
    excluded: std::collections::BTreeMap<&'static str, usize>,
    not_comparable: usize,
}

impl Counts {
    fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Equal => self.equal += 1,
            Outcome::Excluded(why) => *self.excluded.entry(why).or_default() += 1,
            Outcome::NotComparable => self.not_comparable += 1,
        }
    }
}

fn corpus() -> Vec<String> {
    let mut lines = common::bench_corpus();
    lines.extend(common::sample_lines());
    lines
}

#[test]
fn corpus_normal_forms_agree() {
    let lines = corpus();
    let ascii = lines.iter().filter(|l| l.is_ascii()).count();
    for peer in PEERS {
        let mut counts = Counts::default();
        let mut failures = Vec::new();
        for line in &lines {
            match compare(peer, line) {
                Ok(o) => counts.add(o),
                Err(e) => failures.push(e),
            }
        }
        assert!(
            failures.is_empty(),
            "{} differences:\n{}",
            failures.len(),
            failures[..failures.len().min(20)].join("\n")
        );
        eprintln!("{peer:?}: {counts:?} of {} lines", lines.len());
        // Not vacuous: the exclusions leave most of the corpus compared (the URI types see only
        // its ASCII half; about a tenth of the IRIs hold percent-encoded UTF-8, and at the
        // scheme level the non-ASCII hosts go too).
        let reach = if peer.iri_types() { lines.len() } else { ascii };
        let tenths = if peer.level() == Level::Scheme { 7 } else { 8 };
        assert!(
            counts.equal * 10 >= reach * tenths,
            "{peer:?}: only {} of {reach} compared",
            counts.equal
        );
    }
}

/// Runs `cases` generated inputs through every peer, and checks that most of those both sides
/// normalize were compared.
fn run_generated(
    peers: &[Peer],
    strategy: impl Strategy<Value = String>,
    cases: u32,
    min_share: f64,
) {
    for &peer in peers {
        let counts = RefCell::new(Counts::default());
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&strategy, |s| {
                let outcome = compare(peer, &s).map_err(TestCaseError::fail)?;
                counts.borrow_mut().add(outcome);
                Ok(())
            })
            .unwrap();
        let counts = counts.into_inner();
        eprintln!("{peer:?}: {counts:?} of {cases} generated");
        let excluded: usize = counts.excluded.values().sum();
        assert!(
            counts.equal >= 50
                && counts.equal as f64 >= (counts.equal + excluded) as f64 * min_share,
            "{peer:?}: only {} of {cases} generated inputs compared ({counts:?})",
            counts.equal,
        );
    }
}

#[test]
fn generated_iris_agree() {
    // The URI types see few of these (only the ASCII ones): generated_uris_agree is theirs.
    let peers = [
        Peer::FluentIri,
        Peer::IriStringIri,
        Peer::FluentIriAtSchemeLevel,
    ];
    run_generated(
        &peers,
        common::iri_ref(true, false).prop_map(|b| b.text),
        1000,
        0.5,
    );
}

#[test]
fn generated_uris_agree() {
    run_generated(
        &PEERS,
        common::iri_ref(false, false).prop_map(|b| b.text),
        1000,
        0.5,
    );
}

/// References built to exercise what normalization changes: case, percent-encodings of every
/// kind, dot segments (encoded too), empty segments, ports, IPv6.
fn dotted() -> impl Strategy<Value = String> {
    let segment = proptest::sample::select(vec![
        "", ".", "..", "%2e", "%2E.", "%2e%2E", "a", "B", "%41", "%7e", "%7E", "%2f", "%c3%a9",
        "é", "a:b", "...", "%25", "%5B",
    ]);
    (
        proptest::option::of(proptest::sample::select(vec![
            "http", "HTTP", "x", "Foo+bar", "https", "ftp", "ldaps", "dict",
        ])),
        proptest::option::of(proptest::sample::select(vec![
            "",
            "h",
            "H%41.Org",
            "[::A]",
            "[FE80:0:0::1]",
            "[1:0:0:2::3]",
            "[::FFFF:1.2.3.4]",
            "[::1.2.3.4]",
            "[v1.Ab]",
            "u%40@h:",
            "h:80",
            "h:8080",
            "例え.JP",
            "%c3%A9x",
            "1.2.3.4",
            "h:0443",
            "h:636",
            "h:2628",
            "xn--rsum-bpad.Example",
        ])),
        0u8..2,
        proptest::collection::vec(segment, 0..6),
        proptest::option::of(proptest::sample::select(vec![
            "",
            "%61/./..",
            "%E2%82%AC",
            "%EE%80%80",
        ])),
        proptest::option::of(proptest::sample::select(vec!["", "%7a", "%ee%80%80"])),
    )
        .prop_map(|(scheme, authority, lead, segs, q, f)| {
            common::assemble(scheme, authority, lead, &segs, q, f)
        })
}

#[test]
fn generated_dotted_references_agree() {
    // Most of these hold something a peer does differently (percent-encoded UTF-8, dots in a
    // relative reference, a port): at least a third must still be compared.
    run_generated(&PEERS, dotted(), 2000, 0.3);
}

// ---- Each difference on an example, with what the specs say. ----

use Level::{Scheme, Syntax};

/// What all three agree on: the example of RFC 3986 6.2.2, and "/." before a path that would
/// start with "//" without an authority (RFC 3986 3.3 forbids it; WHATWG URL writes "/.").
#[test]
fn common_ground() {
    let s = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
    let normal = "example://a/b/c/%7Bfoo%7D";
    assert_eq!(ours(s, Syntax), normal);
    for peer in PEERS {
        assert_eq!(peer.normalize(s).as_deref(), Some(normal), "{peer:?}");
    }
    let s = "x:/a/..//b";
    assert_eq!(ours(s, Syntax), "x:/.//b");
    for peer in PEERS {
        assert_eq!(peer.normalize(s).as_deref(), Some("x:/.//b"), "{peer:?}");
    }
}

/// Both peers' IRI types decode percent-encoded `ucschar` (fluent-uri `iprivate` in the query
/// too): they read 5.3.2.3's "unreserved" as `iunreserved`. 3987bis 5.3.2.3 decodes only the
/// unreserved characters "as described in section 2.3 of [RFC3986]" (ASCII), and iriscan keeps
/// the rest encoded, as the input has it; `compare` still finds the two equivalent, by mapping
/// both to URIs as 5.3.2.3 says. iriscan follows 3987bis; the peers follow a reading of RFC 3987
/// 5.3.2.3. Their URI types decode nothing non-ASCII.
#[test]
fn difference_percent_encoded_ucschar_decoded_by_peers() {
    let s = "http://a/ros%C3%A9?%EE%80%80#%EE%80%80";
    assert_eq!(ours(s, Syntax), s);
    assert_eq!(
        Peer::FluentIri.normalize(s).unwrap(),
        "http://a/rosé?\u{E000}#%EE%80%80"
    );
    assert_eq!(
        Peer::IriStringIri.normalize(s).unwrap(),
        "http://a/rosé?%EE%80%80#%EE%80%80"
    );
    for peer in [Peer::FluentUri, Peer::IriStringUri] {
        assert_eq!(peer.normalize(s).as_deref(), Some(s), "{peer:?}");
    }
    let (a, b) = (
        IriRef::parse("http://a/ros%C3%A9").unwrap(),
        IriRef::parse("http://a/rosé").unwrap(),
    );
    let options = iriscan::compare::CompareOptions::new(Syntax);
    assert_eq!(
        iriscan::compare::compare(&a, &b, &options).unwrap(),
        iriscan::compare::Equivalence::Equivalent
    );
    // Decoding can write what 3987bis 4.1 forbids: a bidi formatting character (RFC 3987's
    // `ucschar` holds U+200E).
    let s = "http://a/%E2%80%8E";
    for peer in [Peer::FluentIri, Peer::IriStringIri] {
        let theirs = peer.normalize(s).unwrap();
        assert_eq!(theirs, "http://a/\u{200E}", "{peer:?}");
        assert_eq!(
            IriRef::parse(&theirs).unwrap_err().kind(),
            iriscan::ErrorKind::BidiFormatting
        );
    }
}

/// fluent-uri lowercases the ASCII letters of every reg-name (RFC 3986 6.2.2.1 has "the host"
/// case-insensitive). 3987bis 5.3.2.1 lowercases a "US-ASCII only host" and leaves the case of
/// non-ASCII hosts to IDNA at the scheme level (5.3.3), where iriscan's scheme level and
/// fluent-uri meet on this example.
#[test]
fn difference_fluent_lowercases_a_non_ascii_host() {
    let s = "http://Bücher.DE/";
    assert_eq!(ours(s, Syntax), s);
    assert_eq!(Peer::FluentIri.normalize(s).unwrap(), "http://bücher.de/");
    assert_eq!(ours(s, Scheme), "http://bücher.de/");
    // iri-string keeps it, as iriscan does.
    assert_eq!(Peer::IriStringIri.normalize(s).unwrap(), s);
}

/// fluent-uri writes an IPv6 literal in its RFC 5952 form. 3987bis 5.3.2.1 and RFC 3986
/// 6.2.2.1 only lowercase it; RFC 5952 is a recommendation for writing addresses, not a rule
/// of URI equivalence. Both are defensible; iriscan follows 5.3.2 as written.
#[test]
fn difference_fluent_writes_ipv6_in_rfc5952_form() {
    let s = "http://[FE80:0:0:0:0:0:0:A]/";
    assert_eq!(ours(s, Syntax), "http://[fe80:0:0:0:0:0:0:a]/");
    for peer in [Peer::FluentIri, Peer::FluentUri] {
        assert_eq!(peer.normalize(s).unwrap(), "http://[fe80::a]/", "{peer:?}");
    }
    assert_eq!(
        Peer::IriStringIri.normalize(s).unwrap(),
        "http://[fe80:0:0:0:0:0:0:a]/"
    );
    // Already in that form once lowercased: all agree.
    let s = "http://[FE80::A]/";
    for peer in PEERS {
        assert_eq!(peer.normalize(s).unwrap(), "http://[fe80::a]/", "{peer:?}");
    }
}

/// fluent-uri removes dot segments only when there is a scheme and the path is absolute.
/// 3987bis 5.3.2.4 applies remove_dot_segments (RFC 3986 5.2.4) to the path of every IRI, a
/// rootless one too ("x:a/../b" gives "x:/b", 5.2.4 step by step), and iriscan also to a
/// relative reference with an absolute path, as resolution would (RFC 3986 5.2.2). iri-string
/// removes them from every IRI, as iriscan does.
#[test]
fn difference_fluent_keeps_dot_segments_without_scheme_or_root() {
    for (s, normal) in [("/a/../b", "/b"), ("x:a/../b", "x:/b"), ("x:./a", "x:a")] {
        assert_eq!(ours(s, Syntax), normal);
        for peer in [Peer::FluentIri, Peer::FluentUri] {
            assert_eq!(peer.normalize(s).as_deref(), Some(s), "{peer:?}");
        }
    }
    for s in ["x:a/../b", "x:./a"] {
        assert_eq!(
            Peer::IriStringIri.normalize(s),
            Some(ours(s, Syntax)),
            "{s}"
        );
    }
    // A relative-path reference keeps its dots in all.
    assert_eq!(ours("a/../b", Syntax), "a/../b");
    assert_eq!(
        Peer::FluentIri.normalize("a/../b").as_deref(),
        Some("a/../b")
    );
}

/// fluent-uri drops an empty port and the scheme's default port; 3987bis 5.3.3 puts both in
/// scheme-based normalization, and iriscan's syntax level keeps them. At the scheme level they
/// agree.
#[test]
fn difference_fluent_drops_empty_and_default_ports() {
    for s in ["http://h:80/", "http://h:/", "https://h:0443/"] {
        assert_eq!(ours(s, Syntax), s);
        let dropped = ours(s, Scheme);
        assert!(IriRef::parse(&dropped).unwrap().port().is_none());
        for peer in [Peer::FluentIri, Peer::FluentUri] {
            assert_eq!(peer.normalize(s), Some(dropped.clone()), "{peer:?}");
        }
    }
}

/// The tables of default ports (5.3.3: "the default for the scheme") differ: fluent-uri's
/// knows `dict` (RFC 2229: 2628), iriscan's `ldaps` (636). Each drops only its own.
#[test]
fn difference_default_port_tables() {
    assert_eq!(
        Peer::FluentIri.normalize("dict://h:2628/").unwrap(),
        "dict://h/"
    );
    assert_eq!(ours("dict://h:2628/", Scheme), "dict://h:2628/");
    assert_eq!(
        Peer::FluentIri.normalize("ldaps://h:636/").unwrap(),
        "ldaps://h:636/"
    );
    assert_eq!(ours("ldaps://h:636/", Scheme), "ldaps://h/");
}

/// fluent-uri has no other scheme-based rule: it maps no host with IDNA (5.3.3: "résumé" and
/// "xn--rsum-bpad" may be one host; iriscan writes the Unicode form, which 5.3.3 prefers for
/// legibility), and keeps an empty path where 5.3.3 and RFC 3986 6.2.3 make `http`'s "/".
#[test]
fn difference_fluent_has_no_idna_nor_empty_path_rule() {
    let s = "http://xn--rsum-bpad.example.org/";
    assert_eq!(Peer::FluentIri.normalize(s).unwrap(), s);
    assert_eq!(ours(s, Scheme), "http://résumé.example.org/");
    let s = "http://example.com";
    assert_eq!(Peer::FluentIri.normalize(s).unwrap(), s);
    assert_eq!(ours(s, Scheme), "http://example.com/");
}

/// iri-string drops an empty port (RFC 3986 3.2.3: "normalizers should omit the port component
/// and its ':' delimiter if port is empty"), not a default one. 3987bis 5.3.3 makes both
/// scheme-based, so iriscan drops both at its scheme level and neither at its syntax level.
#[test]
fn difference_iri_string_drops_an_empty_port() {
    let s = "http://h:/";
    assert_eq!(ours(s, Syntax), s);
    assert_eq!(ours(s, Scheme), "http://h/");
    for peer in [Peer::IriStringIri, Peer::IriStringUri] {
        assert_eq!(peer.normalize(s).unwrap(), "http://h/", "{peer:?}");
        assert_eq!(peer.normalize("http://h:80/").unwrap(), "http://h:80/");
    }
}

/// A host with percent-encoded non-ASCII octets: iri-string does not count it a "US-ASCII only
/// host" (3987bis 5.3.2.1) and keeps its case; iriscan does, as its text is US-ASCII, and RFC
/// 3986 6.2.2.1 lowercases every URI host, so a URI normalizes the same as a URI and as an IRI.
#[test]
fn difference_iri_string_keeps_the_case_of_a_host_with_encoded_non_ascii() {
    let s = "http://EX%c3%a9.ORG/";
    assert_eq!(ours(s, Syntax), "http://ex%C3%A9.org/");
    assert_eq!(
        Peer::IriStringUri.normalize(s).unwrap(),
        "http://EX%C3%A9.ORG/"
    );
    assert_eq!(Peer::IriStringIri.normalize(s).unwrap(), "http://EXé.ORG/");
    assert_eq!(
        Peer::FluentUri.normalize(s).unwrap(),
        "http://ex%C3%A9.org/"
    );
}

/// iri-string normalizes only IRIs with a scheme: its reference type has no `normalize`, and
/// its IRI type rejects a relative reference. Relative references are compared with fluent-uri
/// only.
#[test]
fn difference_iri_string_normalizes_absolute_iris_only() {
    let s = "/a/../b";
    assert!(iri_string::types::IriReferenceStr::new(s).is_ok());
    assert!(Peer::IriStringIri.normalize(s).is_none());
    assert_eq!(ours(s, Syntax), "/b");
}
