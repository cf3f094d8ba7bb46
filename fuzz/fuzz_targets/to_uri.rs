//! IRI to URI (3987bis 3.6) on every input that parses as an IRI reference, in every mode: no
//! panic; the one-pass mapping (wide encoder, IDNA fast path) gives what the component-by-
//! component one (`internals::to_uri_checked`: byte encoder, `idna` crate) gives, with either host
//! mapping and with a legacy-charset query (ISO-2022-JP, Shift_JIS), and its result is a valid
//! URI reference whatever the options; with the defaults, the result maps to itself
//! (idempotent) and converts back to a valid IRI reference; a failure is an IDNA failure on a
//! non-ASCII host. Each host, and the
//! input itself, is also split by the AVX-512 split of the IDNA fast path and a code point at a
//! time, and the two compared (`iriscan::internals::check_host_split`, which takes up to 64 bytes).
#![no_main]

use iriscan::map::{HostMapping, MapErrorKind, ToUriOptions};
use iriscan::preprocess::Mode;
use iriscan::{Grammar, IriRef};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    iriscan::internals::check_host_split(s);
    for mode in [Mode::Strict, Mode::Leiri, Mode::Href] {
        let text = mode.apply(s);
        let Ok(iri) = IriRef::parse(&text) else {
            continue;
        };
        if let Some(host) = iri.host() {
            iriscan::internals::check_host_split(host);
        }
        for options in [
            ToUriOptions::default(),
            ToUriOptions::default().host(HostMapping::PercentEncode),
            ToUriOptions::default().query_charset("iso-2022-jp").unwrap(),
            ToUriOptions::default().query_charset("shift_jis").unwrap(),
        ] {
            let fast = iri.to_uri_with(&options).map(|u| u.into_owned());
            assert_eq!(fast, iriscan::internals::to_uri_checked(&iri, &options), "{text:?}");
            // Whatever the options, a result is a valid URI reference (3987bis 6.4).
            if let Ok(uri) = &fast {
                if let Err(e) = IriRef::parse_as(uri, Grammar::UriReference) {
                    panic!("{text:?} -> {uri:?} with {options:?}: {e}");
                }
            }
        }
        match iri.to_uri() {
            Ok(uri) => {
                let parsed = IriRef::parse_as(&uri, Grammar::UriReference)
                    .unwrap_or_else(|e| panic!("{text:?} -> {uri:?}: {e}"));
                assert_eq!(parsed.to_uri().unwrap(), uri, "not idempotent on {text:?}");
                let back = parsed.to_iri();
                assert!(IriRef::parse(&back).is_ok(), "{uri:?} -> {back:?}");
            }
            Err(e) => {
                assert_eq!(e.kind(), MapErrorKind::Idna);
                assert!(iri.host().is_some_and(|h| !h.is_ascii()), "{text:?}: {e}");
                // The offset, when given, is of a character of the host.
                let host = iri.host().unwrap_or_default();
                assert!(
                    e.offset()
                        .is_none_or(|at| at < host.len() && host.is_char_boundary(at)),
                    "{text:?}: {e}"
                );
            }
        }
    }
});
