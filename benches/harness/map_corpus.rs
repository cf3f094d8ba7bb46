//! Maps every line of the given files to a URI (or to an IRI), alternating iriscan and
//! iri-string round after round, and prints each one's best throughput: a quick comparison and a
//! target for profilers (`MAP=to_uri cargo run --release --example map_corpus --
//! data/bench/iris.txt`; `MAP` picks one of `to_uri`, `percent`, `iri-string`, `to_iri`;
//! `ROUNDS` the rounds). Criterion (`cargo bench --bench map`) is the measurement of record.

mod common;

use iri_string::types::IriReferenceStr;
use iriscan::map::{HostMapping, ToUriOptions};
use iriscan::IriRef;

fn main() {
    let lines = common::lines(|l| IriRef::parse(l).is_ok() && IriReferenceStr::new(l).is_ok());
    let percent = ToUriOptions::default().host(HostMapping::PercentEncode);
    let contenders: [common::Contender; 4] = [
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
    let best = common::race(&lines, &contenders, "MAP");
    for ((name, _), (speed, out)) in contenders.iter().zip(&best) {
        if *speed > 0.0 {
            println!(
                "{name:12} {speed:7.0} MB/s  ({out} bytes out, {:.2}x iri-string)",
                speed / best[2].0.max(f64::MIN_POSITIVE)
            );
        }
    }
}
