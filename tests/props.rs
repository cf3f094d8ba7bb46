//! Property tests: IRIs generated from the ABNF are accepted with the components they were built
//! from; mutated ones are judged the same by the wide path and the plain table walk; arbitrary
//! bytes never panic.

mod common;

use common::iri_ref;
#[cfg(feature = "internals")]
use common::{mutate, mutation_byte};
use iriscan::{Grammar, IriRef};
use proptest::prelude::*;

fn check_components(b: &common::Built) -> Result<(), TestCaseError> {
    let r =
        IriRef::parse(&b.text).map_err(|e| TestCaseError::fail(format!("{:?}: {e}", b.text)))?;
    prop_assert_eq!(r.scheme(), b.scheme.as_deref());
    let authority = b.authority();
    prop_assert_eq!(r.authority(), authority.as_deref());
    prop_assert_eq!(r.userinfo(), b.userinfo.as_deref());
    prop_assert_eq!(r.host(), b.host.as_deref());
    prop_assert_eq!(r.host_kind(), b.host_kind);
    prop_assert_eq!(r.port(), b.port.as_deref());
    prop_assert_eq!(r.path(), b.path.as_str());
    prop_assert_eq!(r.query(), b.query.as_deref());
    prop_assert_eq!(r.fragment(), b.fragment.as_deref());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn generated_iris_parse_to_their_components(b in iri_ref(true, true)) {
        check_components(&b)?;
        let g = if b.scheme.is_some() { Grammar::Iri } else { Grammar::IrelativeRef };
        prop_assert!(g.validate(b.text.as_bytes()).is_ok(), "{}", b.text);
        prop_assert_eq!(Grammar::AbsoluteIri.validate(b.text.as_bytes()).is_ok(), b.scheme.is_some() && b.fragment.is_none());
    }

    #[test]
    fn generated_uris_are_uris_and_iris(b in iri_ref(false, false)) {
        check_components(&b)?;
        prop_assert!(Grammar::UriReference.validate(b.text.as_bytes()).is_ok(), "{}", b.text);
        prop_assert_eq!(Grammar::Uri.validate(b.text.as_bytes()).is_ok(), b.scheme.is_some());
    }

    /// The wide scanner against the byte-at-a-time one (a hook of the `internals` feature).
    #[test]
    #[cfg(feature = "internals")]
    fn mutated_iris_same_verdict_fast_and_scalar(
        b in iri_ref(true, true),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), mutation_byte()), 1..4),
    ) {
        let input = mutate(b.text.as_bytes(), &edits);
        for g in Grammar::ALL {
            prop_assert_eq!(g.validate(&input), iriscan::internals::validate_scalar(&input, g), "{:?} {}", String::from_utf8_lossy(&input), g);
        }
        // A longer input, so that the 16-byte blocks of the wide path are crossed.
        let mut long = input.clone();
        long.extend_from_slice(b"/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
        long.extend_from_slice(&input);
        for g in Grammar::ALL {
            prop_assert_eq!(g.validate(&long), iriscan::internals::validate_scalar(&long, g));
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(input in proptest::collection::vec(any::<u8>(), 0..200)) {
        for g in Grammar::ALL {
            // The wide scanner and the byte-at-a-time one (a hook of the `internals` feature).
            #[cfg(feature = "internals")]
            prop_assert_eq!(g.validate(&input), iriscan::internals::validate_scalar(&input, g));
            match IriRef::parse_bytes(&input, g) {
                Ok(r) => prop_assert_eq!(r.as_str().as_bytes(), &input[..]),
                Err(e) => {
                    prop_assert!(e.offset() <= input.len());
                    prop_assert!(!e.to_string().is_empty());
                    if std::str::from_utf8(&input).is_ok() {
                        prop_assert_ne!(e.kind(), iriscan::ErrorKind::InvalidUtf8);
                    }
                }
            }
        }
    }

    #[test]
    fn every_uri_is_an_iri(input in proptest::collection::vec(any::<u8>(), 0..60)) {
        if Grammar::Uri.validate(&input).is_ok() {
            prop_assert!(Grammar::Iri.validate(&input).is_ok());
        }
        if Grammar::Iri.validate(&input).is_ok() {
            prop_assert!(Grammar::IriReference.validate(&input).is_ok());
        }
    }
}
