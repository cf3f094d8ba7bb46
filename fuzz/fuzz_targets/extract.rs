//! IRIs in running text (3987bis 8.3) on any bytes, with each option: no panic; what is found
//! comes in order, does not overlap, lies between characters, is the text of its range, and is
//! an IRI; a liberal mode finds an IRI wherever strict mode finds one (where it starts: the end
//! may differ by the punctuation trimmed, which depends on the start, as in `*a://\a://*`).
#![no_main]

use iriscan::extract::{extract, ExtractOptions};
use iriscan::preprocess::Mode;
use iriscan::{Grammar, IriRef};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, text)) = data.split_first() else {
        return;
    };
    let mode = Mode::ALL[usize::from(flags & 3) % Mode::ALL.len()];
    let mut options = ExtractOptions::new().www(flags & 4 != 0).mode(mode);
    if flags & 8 != 0 {
        options = options.schemes(["http", "mailto"]);
    }
    let mut end = 0;
    let mut ranges = Vec::new();
    for found in extract(text, &options) {
        let range = found.range();
        assert!(range.start >= end && range.start < range.end && range.end <= text.len());
        end = range.end;
        assert_eq!(std::str::from_utf8(&text[range]).ok(), Some(found.as_str()));
        let iri = found.iri();
        assert!(IriRef::parse_as(iri.as_str(), Grammar::Iri).is_ok(), "{iri:?}");
        ranges.push(found.range());
    }
    if mode != Mode::Strict {
        for strict in extract(text, &options.clone().mode(Mode::Strict)) {
            let r = strict.range();
            assert!(
                ranges.iter().any(|l| l.start <= r.start && r.start < l.end),
                "{mode:?} misses {r:?}, which strict mode finds"
            );
        }
    }
});
