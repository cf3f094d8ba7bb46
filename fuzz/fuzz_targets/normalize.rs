//! Normalization and comparison (3987bis 5.3) on every input that parses as an IRI reference,
//! with and without NFC/NFKC: no panic; each level's result is a valid IRI reference of the
//! same kind (absolute or not) and is its own normal form; an IRI is equivalent to itself and to
//! its normal form, both ways; the quick test of a normal line agrees with the ladder taken
//! component by component (`internals::normalize_checked`). Inputs with a tab compare their two halves
//! both ways.
#![no_main]

use iriscan::compare::{compare, CompareOptions, Equivalence};
use iriscan::normalize::{Level, NormalizeOptions, UnicodeForm};
use iriscan::{Grammar, IriRef};
use libfuzzer_sys::fuzz_target;

fn check(s: &str) {
    let Ok(iri) = IriRef::parse(s) else {
        return;
    };
    for level in Level::ALL {
        assert_eq!(
            iri.normalize(level).ok(),
            iriscan::internals::normalize_checked(&iri, level).ok(),
            "fast and checked paths differ on {s:?} at {level}"
        );
        for unicode in [None, Some(UnicodeForm::Nfc), Some(UnicodeForm::Nfkc)] {
            let mut options = NormalizeOptions::new(level);
            options.unicode = unicode;
            let Ok(n) = iri.normalize_with(&options) else {
                continue;
            };
            let again = IriRef::parse_as(&n, Grammar::IriReference)
                .unwrap_or_else(|e| panic!("{s:?} at {level}/{unicode:?} gives {n:?}: {e}"));
            assert_eq!(again.is_absolute(), iri.is_absolute(), "{s:?} -> {n:?}");
            let twice = again.normalize_with(&options).expect("a normal form normalizes");
            assert_eq!(twice, n, "not idempotent: {s:?} at {level}/{unicode:?}");
            if unicode.is_none() && iri.is_absolute() {
                let o = CompareOptions::new(level);
                assert_eq!(compare(&iri, &iri, &o).unwrap(), Equivalence::Equivalent);
                let ab = compare(&iri, &again, &o).unwrap();
                assert_eq!(ab, compare(&again, &iri, &o).unwrap(), "not symmetric: {s:?}");
                assert_eq!(ab, Equivalence::Equivalent, "{s:?} and its normal form {n:?}");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    check(s);
    if let Some((a, b)) = s.split_once('\t') {
        if let (Ok(a), Ok(b)) = (IriRef::parse(a), IriRef::parse(b)) {
            for level in Level::ALL {
                let o = CompareOptions::new(level);
                if let (Ok(x), Ok(y)) = (compare(&a, &b, &o), compare(&b, &a, &o)) {
                    assert_eq!(x, y, "not symmetric: {a:?} {b:?} at {level}");
                }
            }
        }
    }
});
