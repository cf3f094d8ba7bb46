//! The fast path of the host mapping (3987bis 3.4; build/idna.rs, src/map/host.rs) against the
//! `idna` crate it stands in for: every code point of `is_idna_plain` in several positions of a
//! label, and generated hosts made of such code points, ASCII and dots.

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use iriscan::tables::{code_point_class, idna_plain_size, is_idna_plain, CodePointClass};
use iriscan::IriRef;
use proptest::prelude::*;

/// What the `idna` crate makes of `host`, as src/map/host.rs calls it.
fn reference(host: &str) -> Option<String> {
    Uts46::new()
        .to_ascii(
            host.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::VerifyAllowRootDot,
        )
        .ok()
        .map(|c| c.into_owned())
}

/// What iriscan's `to_uri` makes of `host`.
fn mapped(host: &str) -> Option<String> {
    let iri = format!("http://{host}/");
    let parsed = IriRef::parse(&iri).unwrap_or_else(|e| panic!("{iri:?}: {e}"));
    let uri = parsed.to_uri().ok()?;
    Some(uri["http://".len()..uri.len() - 1].to_string())
}

#[test]
fn every_plain_code_point_maps_as_idna_maps_it() {
    let mut count = 0;
    for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
        if !is_idna_plain(c) {
            continue;
        }
        count += 1;
        assert_eq!(code_point_class(c), CodePointClass::Ucschar, "{c:?}");
        for host in [
            format!("{c}"),
            format!("a{c}.org"),
            format!("X{c}{c}-1.{c}b"),
        ] {
            let want = reference(&host);
            assert!(want.is_some(), "idna rejects {host:?} (U+{:04X})", c as u32);
            assert_eq!(mapped(&host), want, "{host:?} (U+{:04X})", c as u32);
        }
    }
    assert_eq!(count, idna_plain_size().0);
}

#[test]
fn plain_table_size_is_pinned() {
    // Code points, index entries (one per 64 code points), distinct leaves: a change of the
    // derivation in build/idna.rs or of the UCD shows here.
    assert_eq!(idna_plain_size(), (130036, 3215, 224));
}

/// Labels of plain code points, ASCII letters of both cases, digits and hyphens, sometimes
/// long, empty or starting with "xn--"; and a code point that is not plain now and then.
fn host() -> impl Strategy<Value = String> {
    let all: Vec<char> = (0x80..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter(|&c| is_idna_plain(c))
        .collect();
    let plain = prop::sample::select(all);
    let piece = prop_oneof![
        4 => plain.prop_map(String::from),
        3 => "[a-zA-Z0-9-]{1,3}",
        1 => Just("xn--".to_string()),
        1 => Just("ß".to_string()),
        1 => Just("É".to_string()),
        1 => Just("\u{0301}".to_string()),
        1 => Just("\u{05D0}".to_string()),
        1 => "[a-z]{20,40}",
    ];
    let label = prop::collection::vec(piece, 0..6).prop_map(|v| v.concat());
    prop::collection::vec(label, 1..5).prop_map(|v| v.join("."))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    /// Non-ASCII hosts only: an ASCII host is a URI host already and stays as it is (README,
    /// "How the spec is read"), where the `idna` crate would lowercase it.
    fn hosts_map_as_idna_maps_them(host in host().prop_filter("non-ASCII", |h| !h.is_ascii())) {
        prop_assert_eq!(mapped(&host), reference(&host), "{:?}", host);
    }
}
