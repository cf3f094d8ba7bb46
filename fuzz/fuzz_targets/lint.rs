//! The lints and the display form (3987bis 4.2, 8.5, 4.1, 8.6) on every input that parses as an
//! IRI reference: no panic; each lint is a non-empty range on character boundaries, with a
//! message; the display form with `ascii` is a URI reference, and the other forms are written.
#![no_main]

use iriscan::display::{DisplayOptions, Embedding};
use iriscan::{Grammar, IriRef};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(iri) = IriRef::parse(s) else {
        return;
    };
    for lint in iri.lints() {
        let end = lint.offset() + lint.len();
        assert!(!lint.is_empty() && end <= s.len(), "{lint:?} in {s:?}");
        assert!(s.is_char_boundary(lint.offset()) && s.is_char_boundary(end));
        assert!(!lint.message().is_empty());
    }
    let ascii = DisplayOptions {
        ascii: true,
        embedding: Embedding::None,
        ..DisplayOptions::default()
    };
    let uri = iri.to_display(&ascii);
    assert!(Grammar::UriReference.validate(uri.as_bytes()).is_ok(), "{s:?}: {uri:?}");
    for options in [
        DisplayOptions::default(),
        DisplayOptions { visual: true, ..DisplayOptions::default() },
    ] {
        let _ = iri.to_display(&options);
    }
});
