//! Maps every line of the given files to a URI (or to an IRI), round after round, alternating
//! iriscan and iri-string, and prints each one's best throughput: a quick comparison and a target
//! for profilers (`MAP=to_uri cargo run --release --example map_corpus -- data/bench/iris.txt`;
//! `MAP` picks one of `to_uri`, `percent`, `iri-string`, `to_iri`; `ROUNDS` the rounds).
//! Criterion (`cargo bench --bench map`) is the measurement of record.

use iri_string::types::IriReferenceStr;
use iriscan::map::{HostMapping, ToUriOptions};
use iriscan::IriRef;
use std::hint::black_box;
use std::time::Instant;

/// A mapping under test: the length of its output for a line, 0 when it fails.
type Mapping<'a> = dyn Fn(&str) -> usize + 'a;

fn main() {
    let mut lines = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        lines.extend(
            text.lines()
                .filter(|l| IriRef::parse(l).is_ok() && IriReferenceStr::new(l).is_ok())
                .map(str::to_string),
        );
    }
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let only = std::env::var("MAP").ok();
    let bytes: usize = lines.iter().map(|l| l.len()).sum();
    let percent = ToUriOptions::default().host(HostMapping::PercentEncode);
    let mappings: [(&str, &Mapping); 4] = [
        ("to_uri", &|l| {
            IriRef::parse(l)
                .ok()
                .and_then(|i| i.to_uri().ok())
                .map_or(0, |u| u.len())
        }),
        ("percent", &|l| {
            IriRef::parse(l)
                .ok()
                .and_then(|i| i.to_uri_with(&percent).ok())
                .map_or(0, |u| u.len())
        }),
        ("iri-string", &|l| {
            IriReferenceStr::new(l).map_or(0, |i| i.encode_to_uri().to_string().len())
        }),
        ("to_iri", &|l| {
            IriRef::parse(l).map_or(0, |i| i.to_iri().len())
        }),
    ];
    let mut best = [0f64; 4];
    let mut out = [0usize; 4];
    for _ in 0..rounds {
        for (k, (name, map)) in mappings.iter().enumerate() {
            if only.as_deref().is_some_and(|o| o != *name) {
                continue;
            }
            let start = Instant::now();
            out[k] = lines.iter().map(|l| map(black_box(l))).sum();
            best[k] = best[k].max(bytes as f64 / start.elapsed().as_secs_f64() / 1e6);
        }
    }
    for (k, (name, _)) in mappings.iter().enumerate() {
        if best[k] > 0.0 {
            println!(
                "{name:12} {:7.0} MB/s  ({} bytes out, {:.2}x iri-string)",
                best[k],
                out[k],
                best[k] / best[2].max(f64::MIN_POSITIVE)
            );
        }
    }
}
