//! The fast path of the host mapping (3987bis 3.4; build/idna.rs, src/map/host.rs) against the
//! `idna` crate it stands in for: every code point of `idna_class` in several positions of a
//! label, valid and not, and generated hosts made of such code points of every class, ASCII and
//! dots.

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use iriscan::internals::{idna_class, idna_mapping, idna_table_size, IdnaClass};
use iriscan::normalize::Level;
use iriscan::tables::{code_point_class, BidiClass, CodePointClass};
use iriscan::IriRef;
use proptest::prelude::*;

/// What the `idna` crate makes of `host`, as src/map/host.rs calls it, with each ASCII label
/// as `host` writes it (RFC 3490 4.1 leaves ASCII labels alone; README).
fn reference(host: &str) -> Option<String> {
    let ace = Uts46::new()
        .to_ascii(
            host.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::VerifyAllowRootDot,
        )
        .ok()?;
    let written: Vec<&str> = host
        .split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .collect();
    let mapped: Vec<&str> = ace.split('.').collect();
    if written.len() != mapped.len() {
        return Some(ace.into_owned());
    }
    let labels: Vec<&str> = written
        .iter()
        .zip(&mapped)
        .map(|(&w, &m)| if w.is_ascii() { w } else { m })
        .collect();
    Some(labels.join("."))
}

/// What iriscan's `to_uri` makes of `host`.
fn mapped(host: &str) -> Option<String> {
    let iri = format!("http://{host}/");
    let parsed = IriRef::parse(&iri).unwrap_or_else(|e| panic!("{iri:?}: {e}"));
    let uri = parsed.to_uri().ok()?;
    Some(uri["http://".len()..uri.len() - 1].to_string())
}

/// Hosts that put `c` where its class lets a valid label have it, and a few where the bidi rule
/// or NFC may reject it.
fn contexts(c: char) -> Vec<String> {
    let class = idna_class(c);
    let mut hosts = match class.bidi() {
        _ if class.is_mark() => vec![
            format!("a{c}.org"),
            format!("x\u{0915}{c}b"),
            format!("\u{05D0}{c}.org"),
            format!("\u{0628}{c}\u{0628}"),
            format!("{c}a"),
        ],
        Some(BidiClass::L) => vec![
            format!("{c}"),
            format!("a{c}.org"),
            format!("X{c}{c}-1.{c}b"),
            format!("{c}.\u{05D0}"),
        ],
        Some(BidiClass::R | BidiClass::AL) => vec![
            format!("{c}"),
            format!("{c}{c}.org"),
            format!("\u{05D0}{c}-{c}1.x"),
            format!("a{c}.org"),
        ],
        Some(BidiClass::AN | BidiClass::EN) => vec![
            format!("\u{0627}{c}"),
            format!("\u{0627}{c}{c}.org"),
            format!("a{c}"),
            format!("{c}"),
            format!("\u{0627}{c}1"),
        ],
        other => panic!("U+{:04X}: class {other:?}", c as u32),
    };
    // A combining mark after another.
    if class.is_combining() {
        hosts.push(format!("a{c}\u{0301}"));
        hosts.push(format!("a\u{0952}{c}"));
        // After a precomposed letter (and a capital mapped to one) that NFC decomposes, to put
        // the mark before the letter's own mark and compose (ê and U+0323 are ệ).
        if class.may_compose() {
            hosts.push(format!("\u{EA}{c}"));
            hosts.push(format!("\u{CA}{c}"));
            hosts.push(format!("\u{623}{c}"));
        }
        // Nukta (ccc 7) before it, virama (ccc 9) after it: in canonical order or not.
        hosts.push(format!("\u{0915}\u{093C}{c}"));
        hosts.push(format!("\u{0915}{c}\u{094D}"));
    }
    hosts
}

/// What the `idna` crate's ToUnicode makes of `host`, when it does not fail; and fails, as
/// iriscan does (README), when that gives a label beginning with "xn--" (UTS #46 4.1 V4, which
/// the crate does not check of a decoded label).
fn reference_unicode(host: &str) -> Option<String> {
    let (unicode, result) =
        Uts46::new().to_unicode(host.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    let v4 = |label: &str| {
        label
            .as_bytes()
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
    };
    result
        .ok()
        .filter(|()| !unicode.split('.').any(v4))
        .map(|()| unicode.into_owned())
}

/// The host of `http://{host}/` normalized at the scheme level (5.3.3: ToUnicode).
fn normalized_host(host: &str) -> Option<String> {
    let iri = format!("http://{host}/");
    let parsed = IriRef::parse(&iri).unwrap_or_else(|e| panic!("{iri:?}: {e}"));
    let normal = parsed.normalize(Level::Scheme).ok()?;
    Some(normal["http://".len()..normal.len() - 1].to_string())
}

/// Both directions of the fast path against the crate, on one host.
fn check(host: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(mapped(host), reference(host), "ToASCII {:?}", host);
    prop_assert_eq!(
        normalized_host(host),
        reference_unicode(host),
        "ToUnicode {:?}",
        host
    );
    Ok(())
}

#[test]
fn every_fast_code_point_maps_as_idna_maps_it() {
    let (mut count, mut mapped_count) = (0, 0);
    for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
        if !idna_class(c).is_fast() {
            continue;
        }
        count += 1;
        assert_eq!(code_point_class(c), CodePointClass::Ucschar, "{c:?}");
        let hosts = contexts(c);
        // The first context is one a valid host has: the fast path is not vacuous.
        assert!(
            reference(&hosts[0]).is_some(),
            "idna rejects {:?} (U+{:04X})",
            hosts[0],
            c as u32
        );
        for host in &hosts {
            check(host).unwrap_or_else(|e| panic!("U+{:04X}: {e}", c as u32));
        }
        // In the valid context, ToUnicode (the crate's) writes the target the table gives for a
        // mapped one, the code point itself for the others (but those that NFC composes with
        // the letter before them).
        let target = idna_mapping(c);
        assert_eq!(idna_class(c).is_mapped(), target.is_some(), "{c:?}");
        if !idna_class(c).may_compose() {
            let written = hosts[0].replace(c, &target.unwrap_or(c).to_string());
            assert_eq!(
                reference_unicode(&hosts[0]),
                Some(written),
                "U+{:04X}",
                c as u32
            );
        }
        mapped_count += usize::from(target.is_some());
    }
    assert_eq!(count, idna_table_size().0);
    assert_eq!(mapped_count, idna_table_size().3);
}

#[test]
fn table_size_is_pinned() {
    // Code points, index entries (one per 128 code points), distinct leaves, mapped code points:
    // a change of the derivation in build/idna.rs or of the UCD shows here.
    assert_eq!(idna_table_size(), (137740, 1608, 203, 3830));
}

/// Labels of fast code points of every class, ASCII letters of both cases, digits and hyphens,
/// sometimes long, empty or starting with "xn--"; and a code point the fast path does not take
/// now and then.
fn host() -> impl Strategy<Value = String> {
    let all: Vec<char> = (0x80..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter(|&c| idna_class(c).is_fast())
        .collect();
    let of = |f: fn(IdnaClass) -> bool| -> Vec<char> {
        all.iter().copied().filter(|&c| f(idna_class(c))).collect()
    };
    let rtl = of(|k| matches!(k.bidi(), Some(BidiClass::R | BidiClass::AL)));
    let numbers = of(|k| matches!(k.bidi(), Some(BidiClass::AN | BidiClass::EN)));
    let marks = of(|k| k.is_mark());
    let piece = prop_oneof![
        4 => prop::sample::select(all).prop_map(String::from),
        3 => prop::sample::select(rtl).prop_map(String::from),
        2 => prop::sample::select(numbers).prop_map(String::from),
        2 => prop::sample::select(marks).prop_map(String::from),
        3 => "[a-zA-Z0-9-]{1,3}",
        1 => Just("xn--".to_string()),
        1 => Just("ß".to_string()),
        1 => Just("É".to_string()),
        1 => Just("\u{FB01}".to_string()),
        1 => Just("\u{0301}".to_string()),
        1 => Just("\u{200C}".to_string()),
        1 => "[a-z]{20,40}",
    ];
    let label = prop::collection::vec(piece, 0..6).prop_map(|v| v.concat());
    prop::collection::vec(label, 1..5).prop_map(|v| v.join("."))
}

/// What `to_iri` (3987bis 3.7 step 6) should make of the host `ace`, from the `idna` crate: each
/// ACE label replaced by its ToUnicode form when that is `ucschar` text and ToASCII gives the
/// label back, if ToASCII of the host so written gives `ace` back.
fn reference_to_iri_host(ace: &str) -> String {
    let unicode = ace
        .split('.')
        .map(|label| {
            let is_ace = label
                .as_bytes()
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"));
            let unicode = is_ace.then(|| reference_unicode(label)).flatten();
            match unicode {
                Some(u)
                    if u.chars().all(|c| {
                        c.is_ascii_alphanumeric()
                            || "-._~!$&'()*+,;=".contains(c)
                            || code_point_class(c) == CodePointClass::Ucschar
                    }) && reference(&u).as_deref() == Some(label) =>
                {
                    u
                }
                _ => label.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(".");
    if unicode == ace || reference(&unicode).as_deref() == Some(ace) {
        unicode
    } else {
        ace.to_string()
    }
}

/// The host of `http://{ace}/` converted to an IRI.
fn to_iri_host(ace: &str) -> String {
    let uri = format!("http://{ace}/");
    let iri = IriRef::parse(&uri).unwrap().to_iri().into_owned();
    iri["http://".len()..iri.len() - 1].to_string()
}

/// ACE labels: canonical ones (the crate's ToASCII of a generated host), with letters
/// uppercased now and then, and made-up ones.
fn ace_host() -> impl Strategy<Value = String> {
    let canonical = || host().prop_filter_map("ToASCII fails", |h| reference(&h));
    let made_up =
        prop::collection::vec("xn--[a-z0-9-]{1,12}|[a-z]{1,5}", 1..4).prop_map(|v| v.join("."));
    prop_oneof![
        3 => canonical(),
        1 => canonical().prop_map(|h| h.to_uppercase()),
        2 => made_up,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 4000,
        max_local_rejects: 1 << 20,
        ..ProptestConfig::default()
    })]

    #[test]
    /// A label whose Punycode decodes to text that begins with "xn--" is refused (V4).
    fn decoded_xn_labels_are_refused(rest in "[a-z]{1,4}[àéü][a-z]{0,3}") {
        let inner = format!("xn--{rest}");
        if let Some(ace) = idna::punycode::encode_str(&inner) {
            let host = format!("xn--{ace}.org");
            prop_assert_eq!(normalized_host(&host), None, "{:?}", host);
            prop_assert_eq!(to_iri_host(&host), host);
        }
    }

    #[test]
    /// The fast path of ToUnicode on ACE labels (scheme-level normalization, and `to_iri`'s
    /// step 6) against the crate.
    fn ace_hosts_to_unicode_as_idna(ace in ace_host()) {
        prop_assert_eq!(normalized_host(&ace), reference_unicode(&ace), "{:?}", ace);
        prop_assert_eq!(to_iri_host(&ace), reference_to_iri_host(&ace), "{:?}", ace);
    }

    #[test]
    /// ASCII hosts of every `reg-name` character (no "%"), with labels that may be empty or
    /// start with "xn--": ToUnicode as the crate's.
    fn ascii_hosts_to_unicode_as_idna(host in "([a-zA-Z0-9._~!$&'()*+,;=-]|xn--|XN--|\\.){0,12}") {
        prop_assert_eq!(normalized_host(&host), reference_unicode(&host), "{:?}", host);
    }

    #[test]
    /// Non-ASCII hosts only: an ASCII host is a URI host already and stays as it is (README,
    /// "How the spec is read"), where the `idna` crate would lowercase it.
    fn hosts_map_as_idna_maps_them(host in host().prop_filter("non-ASCII", |h| !h.is_ascii())) {
        check(&host)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        ..ProptestConfig::default()
    })]

    #[test]
    /// Hosts longer than a piece (`map::host::PIECE`, 1024 bytes) and than 128 labels, which
    /// iriscan gives the crate a piece at a time, and long labels about the crate's limit on
    /// Punycode input (1000 code points), against the crate on the whole host: labels of a few
    /// kinds each, most of them valid, so that a host is as often valid as not, a bidi domain
    /// name or not.
    fn long_hosts_map_as_idna_maps_them(
        kinds in prop::collection::vec(prop::collection::vec(prop::sample::select(vec![
            "ä", "Ä", "abc", "A1", "1a", "\u{5D0}", "\u{5D0}1", "\u{628}\u{661}", "xn--4ca",
            "XN--4CA", "", "ß", "\u{6F22}\u{5B57}", "e\u{301}", "a\u{AD}b", "\u{FF21}",
        ]), 1..4), 2),
        picks in prop::collection::vec(prop::collection::vec(any::<prop::sample::Index>(), 1..400), 2),
        long in prop::option::of((prop::sample::select(vec!["a", "ä", "Ä", "\u{5D0}"]), 995..1005usize)),
        root in any::<bool>(),
    ) {
        // Two runs of labels of their own kinds: a bidi domain name may have its right-to-left
        // labels in one piece and a label that breaks the bidi rule in another.
        let mut labels: Vec<String> = (0..2)
            .flat_map(|run| picks[run].iter().map(move |k| (run, k)))
            .map(|(run, k)| k.get(&kinds[run]).to_string())
            .collect();
        if let Some((c, n)) = long {
            labels.push(c.repeat(n));
        }
        let mut host = labels.join(".");
        if root {
            host.push('.');
        }
        // An ASCII host is a URI host already (see `hosts_map_as_idna_maps_them`).
        if host.is_ascii() {
            prop_assert_eq!(normalized_host(&host), reference_unicode(&host), "{:?}", host);
        } else {
            check(&host)?;
        }
    }
}
