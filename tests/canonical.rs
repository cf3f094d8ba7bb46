//! The comparison key and the canonical form (`compare::key`, `compare::canonical`): two IRIs
//! have the same key, and the same canonical form, exactly when `compare` says they are
//! equivalent at the level; the canonical form maps back to the key. Over the bench corpus and
//! over generated IRIs with variants of case, percent-encoding, dot segments, ports and IPv6
//! literals.

mod common;

use iriscan::compare::{canonical, compare, key, CompareOptions, Equivalence};
use iriscan::map::{HostMapping, ToUriOptions};
use iriscan::normalize::Level;
use iriscan::IriRef;
use proptest::prelude::*;

/// Checks the contract on the pair `a`, `b` at every level.
fn agree(a: &str, b: &str) -> Result<(), TestCaseError> {
    let (Ok(x), Ok(y)) = (IriRef::parse(a), IriRef::parse(b)) else {
        return Ok(());
    };
    if !x.is_absolute() || !y.is_absolute() {
        return Ok(());
    }
    for level in Level::ALL {
        let options = CompareOptions::new(level);
        let (kx, ky) = (key(&x, &options).unwrap(), key(&y, &options).unwrap());
        let (Some(kx), Some(ky)) = (kx, ky) else {
            continue;
        };
        let equivalent = compare(&x, &y, &options).unwrap() == Equivalence::Equivalent;
        prop_assert_eq!(kx == ky, equivalent, "{} {:?} {:?}", level, a, b);
        let cx = canonical(&x, &options).unwrap().unwrap();
        let cy = canonical(&y, &options).unwrap().unwrap();
        prop_assert_eq!(
            cx == cy,
            kx == ky,
            "{} {:?} {:?}: {:?} {:?}",
            level,
            a,
            b,
            cx,
            cy
        );
        back_to_the_key(&cx, &kx, level)?;
    }
    Ok(())
}

/// The canonical form `c`, mapped to a URI as `level` maps hosts and normalized, is the key.
fn back_to_the_key(c: &str, k: &str, level: Level) -> Result<(), TestCaseError> {
    let iri = IriRef::parse(c).map_err(|e| TestCaseError::fail(format!("{c:?}: {e}")))?;
    if level == Level::Simple {
        prop_assert_eq!(c, k);
        return Ok(());
    }
    let host = if level >= Level::Scheme {
        HostMapping::Auto
    } else {
        HostMapping::PercentEncode
    };
    let uri = iri
        .to_uri_with(&ToUriOptions::default().host(host))
        .unwrap();
    let again = IriRef::parse(&uri)
        .unwrap()
        .normalize(Level::Syntax)
        .unwrap();
    prop_assert_eq!(again.as_ref(), k, "{} {:?}", level, c);
    Ok(())
}

/// A variant of `iri` that compare should find equivalent at some level: `which` picks the
/// change.
fn variant(iri: &str, which: u8) -> String {
    match which % 6 {
        // Case of the scheme and host.
        0 => {
            let (scheme, rest) = iri.split_once(':').unwrap_or(("", iri));
            format!("{}:{rest}", scheme.to_uppercase())
        }
        // Non-ASCII characters percent-encoded.
        1 => iri
            .chars()
            .map(|c| {
                if c.is_ascii() {
                    c.to_string()
                } else {
                    let mut b = [0; 4];
                    c.encode_utf8(&mut b)
                        .bytes()
                        .map(|o| format!("%{o:02X}"))
                        .collect()
                }
            })
            .collect(),
        // A percent-encoded unreserved character.
        2 => iri.replacen('a', "%61", 1),
        // A dot segment.
        3 => match iri.split_once("://") {
            Some((s, rest)) => match rest.split_once('/') {
                Some((auth, path)) => format!("{s}://{auth}/./x/../{path}"),
                None => iri.to_string(),
            },
            None => iri.to_string(),
        },
        // The default port.
        4 => match iri.split_once("://") {
            Some((s, rest)) if s.eq_ignore_ascii_case("http") => {
                let (auth, path) = rest.split_once('/').unwrap_or((rest, ""));
                if auth.contains(':') || auth.contains('@') {
                    iri.to_string()
                } else {
                    format!("{s}://{auth}:80/{path}")
                }
            }
            _ => iri.to_string(),
        },
        // Lowercase hex digits.
        _ => iri.replace("%C3", "%c3"),
    }
}

#[test]
fn the_bench_corpus_keeps_the_contract() {
    let lines = common::bench_corpus();
    for pair in lines.windows(2) {
        agree(&pair[0], &pair[1]).unwrap();
    }
    for (k, line) in lines.iter().enumerate().step_by(7) {
        agree(line, &variant(line, k as u8)).unwrap();
    }
}

#[test]
fn ipv6_literals_agree_at_the_scheme_level() {
    for (a, b) in [
        ("http://[::1]/", "http://[0:0::1]/"),
        ("http://[::1]/", "http://[0:0:0:0:0:0:0:1]:80"),
        ("http://[2001:DB8::1]/", "http://[2001:db8:0::1]/"),
        ("http://[::ffff:192.0.2.1]/", "http://[::FFFF:C000:201]/"),
    ] {
        agree(a, b).unwrap();
        let scheme = CompareOptions::new(Level::Scheme);
        let (a, b) = (IriRef::parse(a).unwrap(), IriRef::parse(b).unwrap());
        assert_eq!(a.key(&scheme).unwrap(), b.key(&scheme).unwrap());
    }
}

proptest! {
    #[test]
    fn generated_variants_keep_the_contract(
        scheme in prop_oneof![Just("http"), Just("https"), Just("ftp"), Just("x-y")],
        built in common::iri_ref(true, false),
        which in any::<u8>(),
        other in common::iri_ref(true, false),
    ) {
        let authority = built.authority().unwrap_or_else(|| "example.com".to_string());
        let path = built.path.trim_start_matches('/');
        let mut iri = format!("{scheme}://{authority}/{path}");
        if let Some(q) = &built.query {
            iri = format!("{iri}?{q}");
        }
        agree(&iri, &variant(&iri, which))?;
        let other = format!("{scheme}:{}", other.text.trim_start_matches(|c: char| c != '/'));
        agree(&iri, &other)?;
    }
}
