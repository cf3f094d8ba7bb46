//! Reference resolution (RFC 3986 5.2) and its inverse on any two inputs that parse, the base
//! as an IRI and the reference as an IRI reference (the input is split at its first newline):
//! no panic; the result is an IRI; resolving it again gives it back (unless 5.2.2 took the
//! base's path as it is, dot segments and all); relativize of the result succeeds and
//! round-trips, and relativize of an absolute reference round-trips whenever it succeeds.
#![no_main]

use iriscan::resolve::remove_dot_segments;
use iriscan::{Grammar, Iri, IriRef};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (base, reference) = s.split_once('\n').unwrap_or((s, ""));
    let (Ok(base), Ok(r)) = (Iri::parse(base), IriRef::parse(reference)) else {
        return;
    };
    let got = base.resolve(&r);
    let t = IriRef::parse_as(&got, Grammar::Iri)
        .unwrap_or_else(|e| panic!("{base} + {r} = {got:?}: {e}"));
    let t = Iri::try_from(t).unwrap();

    let kept_base_path = !r.is_absolute() && r.authority().is_none() && r.path().is_empty();
    if !kept_base_path || remove_dot_segments(base.path()) == base.path() {
        assert_eq!(base.resolve(&t.as_iri_ref()), got, "not stable: {base} + {r}");
    }

    let mut targets = vec![(t, true)];
    if let Ok(absolute) = Iri::try_from(r) {
        targets.push((absolute, false));
    }
    for (target, must) in targets {
        match base.relativize(&target) {
            Ok(rel) => {
                let p = IriRef::parse(&rel)
                    .unwrap_or_else(|e| panic!("{base} -> {target}: {rel:?}: {e}"));
                assert_eq!(base.resolve(&p), target.as_str(), "{base} -> {target}: {rel:?}");
                assert!(rel.len() <= target.as_str().len());
            }
            Err(e) => assert!(!must, "{base} -> {target}: {e}"),
        }
    }
});
